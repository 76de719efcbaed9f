import { Send } from "lucide-react";
import { useRef } from "react";
import type { z } from "zod";
import { useAdminForm } from "~/components/admin/admin-form";
import { PrizeClaimCell, type PrizeClaimView } from "~/components/admin/prize-claim-cell";
import { useIsHydrated } from "~/components/use-is-hydrated";
import { LocalTime } from "~/components/local-time";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { AdminFailure } from "~/lib/admin/failure";
import { seasonLabel, seasonParamOf } from "~/lib/seasons/season-calendar";
import { ConfirmWinnersSchema } from "~/lib/seasons/seasons.schema";
import type { Standing } from "~/lib/seasons/standing";

type FrozenSeason = {
  season: string;
  frozenAt: string;
  winnersConfirmedAt: string | null;
  isConfirmed: boolean;
  /** Closed in a rehearsal (ADR 0051). */
  rehearsal?: boolean;
  standings: Standing[];
};

/** A finished season's frozen list: who ranks, who is skipped and why, what each rank wins and, once confirmed, each winner's claim. */
export function SeasonStandings({ season, failure, claims, canManageClaims }: { season: FrozenSeason; failure: AdminFailure; claims: PrizeClaimView[]; canManageClaims: boolean }) {
  const label = seasonLabel(season.season);
  const claimByMember = new Map(claims.map((claim) => [claim.memberId, claim]));
  const headings = ["Rank", "Member", "Points", "Referrals", "Prize", ...(season.isConfirmed ? ["Claim"] : [])];
  const winners = season.standings.filter((standing) => standing.prize).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{label}</CardTitle>
        <CardDescription>
          Frozen <LocalTime value={season.frozenAt} />.{" "}
          {season.isConfirmed && season.winnersConfirmedAt ? (
            <>Winners confirmed <LocalTime value={season.winnersConfirmedAt} /> and e-mailed.</>
          ) : (
            <>Not confirmed yet: skipped members and ranks reflect the members as they are now.</>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {season.standings.length === 0 ? (
          <p className="text-muted-foreground">Nobody earned points in {label}.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                {headings.map((heading) => (
                  <TableHead key={heading}>{heading}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {season.standings.map((standing) => (
                <TableRow key={standing.position} data-testid="season-standing">
                  <TableCell className="font-bold">{standing.rank === null ? "—" : `#${standing.rank}`}</TableCell>
                  <TableCell>
                    <span className="flex items-center gap-2">
                      {standing.memberId && <img src={`/api/avatars/${standing.memberId}.svg`} alt="" width={28} height={28} className="size-7 rounded-full" loading="lazy" />}
                      {standing.nickname}
                    </span>
                  </TableCell>
                  <TableCell>{standing.points}</TableCell>
                  <TableCell>{standing.referrals}</TableCell>
                  <TableCell>
                    {standing.skipReason ? <Badge variant="outline">Skipped: {standing.skipReason}</Badge> : (standing.prize ?? "—")}
                  </TableCell>
                  {season.isConfirmed && (
                    <TableCell>
                      {(() => {
                        const claim = standing.memberId ? claimByMember.get(standing.memberId) : undefined;
                        return claim ? <PrizeClaimCell season={season.season} claim={claim} nickname={standing.nickname} canManage={canManageClaims} /> : "—";
                      })()}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {!season.isConfirmed && winners > 0 && <ConfirmWinners season={season.season} isRehearsal={season.rehearsal === true} winners={winners} failure={failure} />}
      </CardContent>
    </Card>
  );
}

function ConfirmWinners({ season, isRehearsal, winners, failure }: { season: string; isRehearsal: boolean; winners: number; failure: AdminFailure }) {
  const { form, fetcher, formProps, isSaving } = useAdminForm({
    id: `confirm-winners-${season}`,
    schema: ConfirmWinnersSchema satisfies z.ZodType,
    failure,
  });
  const isHydrated = useIsHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const label = seasonLabel(season);
  const button = (
    <Button type={isHydrated ? "button" : "submit"} disabled={isSaving}>
      <Send aria-hidden="true" /> {isSaving ? "Confirming..." : "Confirm winners"}
    </Button>
  );
  return (
    <fetcher.Form key={form.id} {...formProps} ref={formRef}>
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="season" value={seasonParamOf(season)} />
      {isHydrated ? (
        <AlertDialog>
          <AlertDialogTrigger asChild>{button}</AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Confirm the {label} winners?</AlertDialogTitle>
              <AlertDialogDescription>
                {isRehearsal
                  ? `A rehearsal: the ${winners === 1 ? "winner's e-mail waits" : `${winners} winners' e-mails wait`} in the back-office mailbox, and the season never appears in the Hall of Fame.`
                  : `${winners === 1 ? "1 winner gets" : `${winners} winners get`} the winner e-mail with a link to claim their prize. Ranks and prizes are then final and the season appears in the Hall of Fame.`}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction onClick={() => formRef.current?.requestSubmit()}>Confirm and send</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      ) : (
        button
      )}
    </fetcher.Form>
  );
}
