import { getInputProps } from "@conform-to/react";
import { Calculator, Eye, RotateCcw, SlidersHorizontal } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/referral-leaderboard";
import { adminClientAction, useAdminForm } from "~/components/admin/admin-form";
import { FormField } from "~/components/form-field";
import { LocalTime } from "~/components/local-time";
import { Pager, RefreshButton, SearchForm } from "~/components/admin/table-controls";
import { useAdminJson } from "~/components/admin/use-admin-json";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { adminAction } from "~/lib/admin/admin-action.server";
import type { AdminActionResult, FailureToast } from "~/lib/admin/action-result";
import { requireStaff } from "~/lib/auth/guards.server";
import { cn } from "~/lib/utils";
import { AdjustPointsSchema, ReferralAdminSchema } from "~/lib/referrals/referral-admin.schema";
import { adjustPoints, listReferralStandings, REFERRAL_PAGE_SIZE, resetReferrals } from "~/lib/referrals/referral-admin.server";
import { countHeldReferrals, recountMember } from "~/lib/referrals/referral-review.server";
import { ReferralTabs } from "~/components/admin/referral-tabs";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Referral System & Leaderboard | Admin" }];

const QuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "referral-leaderboard");
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [result, held] = await Promise.all([listReferralStandings({ search: query.q, page: query.page }), countHeldReferrals()]);
  return { ...query, ...result, held, pageSize: REFERRAL_PAGE_SIZE };
}

// Spec §8: a points value that is not a number is 'Invalid Input'; other failures name the action.
function failure(form: FormData): FailureToast {
  const intent = form.get("intent");
  return intent === "reset" ? { title: "Reset Failed" } : intent === "recount" ? { title: "Recount Failed" } : { title: "Invalid Input" };
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, {
    section: "referral-leaderboard",
    schema: ReferralAdminSchema,
    failure,
    run: async (change, admin) => {
      if (change.intent === "reset") {
        await resetReferrals(change.memberId, admin.id);
        return { title: "Referrals Reset", description: "Points are back to 10 and referrals to 0." };
      }
      if (change.intent === "recount") {
        const { before, after } = await recountMember(change.memberId, admin.id);
        const unchanged = before.points === after.points && before.referralsMade === after.referralsMade;
        return unchanged
          ? { title: "Recounted: no difference", description: `The ledger agrees: ${after.points} points, ${after.referralsMade} referrals.` }
          : {
              title: "Recounted from the ledger",
              description: `Points ${before.points} → ${after.points}, referrals ${before.referralsMade} → ${after.referralsMade}.`,
            };
      }
      const after = await adjustPoints(change.memberId, change.points, admin.id);
      return { title: "Points Adjusted", description: `New total: ${after.points} points.` };
    },
  });
}

export const clientAction = adminClientAction(failure);

type Row = Route.ComponentProps["loaderData"]["rows"][number];
type Details = {
  referred: { id: string; email: string; joinedAt: string; points: number }[];
  audit: { id: number; action: string; before: unknown; after: unknown; at: string; adminEmail: string | null }[];
};

function describeAudit(entry: Details["audit"][number]): string {
  const format = (value: unknown) =>
    value && typeof value === "object" ? Object.entries(value).map(([key, item]) => `${key} ${Array.isArray(item) ? item.join(", ") : String(item)}`).join(", ") : String(value);
  return `${entry.action.replace(/_/g, " ")}: ${format(entry.before)} → ${format(entry.after)}`;
}

function DetailsDialog({ member, onClose }: { member: Row; onClose: () => void }) {
  const { data: details } = useAdminJson<Details>(`/api/members/${member.id}/referrals`, {
    fallback: { referred: [], audit: [] },
    errorMessage: "Could not fetch referred users.",
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>Referral details</DialogTitle>
          <DialogDescription>{member.email} · code {member.referralCode}</DialogDescription>
        </DialogHeader>
        {!details ? (
          <p role="status" className="text-sm text-muted-foreground">Loading...</p>
        ) : (
          <>
            <section>
              <h3 className="font-bold">Referred users ({details.referred.length})</h3>
              {details.referred.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nobody has joined with this code yet.</p>
              ) : (
                <table className="mt-2 w-full text-left text-sm">
                  <thead><tr><th scope="col">E-mail</th><th scope="col">Joined</th><th scope="col">Points</th></tr></thead>
                  <tbody>
                    {details.referred.map((row) => (
                      <tr key={row.id} className="border-t"><td className="py-1">{row.email}</td><td><LocalTime value={row.joinedAt} /></td><td>{row.points}</td></tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
            <section>
              <h3 className="font-bold">Audit trail</h3>
              {details.audit.length === 0 ? (
                <p className="text-sm text-muted-foreground">No back-office changes yet.</p>
              ) : (
                <ul className="mt-2 space-y-1 text-sm">
                  {details.audit.map((entry) => (
                    <li key={entry.id}>
                      <span className="text-muted-foreground"><LocalTime value={entry.at} /> · {entry.adminEmail ?? "deleted admin"}:</span> {describeAudit(entry)}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function AdjustDialog({ member, onClose }: { member: Row; onClose: () => void }) {
  const { fields, fetcher, formProps, isSaving, result } = useAdminForm({
    id: `adjust-points-${member.id}`,
    schema: AdjustPointsSchema,
    failure,
    defaultValue: { intent: "adjust", memberId: member.id, points: String(member.points) },
  });
  useEffect(() => {
    if (result?.ok) onClose();
  }, [result, onClose]);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Adjust points</DialogTitle>
          <DialogDescription>{member.email} has {member.points} points. Enter the new total.</DialogDescription>
        </DialogHeader>
        <fetcher.Form {...formProps} className="grid gap-4">
          <input type="hidden" name="intent" value="adjust" />
          <input type="hidden" name="memberId" value={member.id} />
          <FormField field={fields.points} label="Points">
            <Input {...getInputProps(fields.points, { type: "number" })} min={0} step={1} autoFocus />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={isSaving}>{isSaving ? "Saving..." : "Save Points"}</Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function ResetDialog({ member, onClose }: { member: Row; onClose: () => void }) {
  const fetcher = useFetcher<AdminActionResult>();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Reset referrals?</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to reset referrals and points for {member.email}? This action is irreversible.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={(event) => {
              event.preventDefault();
              fetcher.submit({ intent: "reset", memberId: member.id }, { method: "post" });
            }}
            disabled={fetcher.state !== "idle"}
          >
            {fetcher.state !== "idle" ? "Resetting..." : "Reset"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function RecountButton({ memberId }: { memberId: string }) {
  const fetcher = useFetcher<AdminActionResult>();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="recount" />
      <input type="hidden" name="memberId" value={memberId} />
      <Button size="sm" variant="outline" type="submit" disabled={fetcher.state !== "idle"}>
        <Calculator aria-hidden="true" /> {fetcher.state !== "idle" ? "Recounting..." : "Recount"}
      </Button>
    </fetcher.Form>
  );
}

export default function ReferralLeaderboard({ loaderData }: Route.ComponentProps) {
  const { rows, matching, q, page, pageSize, held } = loaderData;
  const [dialog, setDialog] = useState<{ kind: "details" | "adjust" | "reset"; member: Row } | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const pages = Math.max(1, Math.ceil(matching / pageSize));

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <h1 className="text-3xl font-extrabold">Referral System &amp; Leaderboard</h1>
      <ReferralTabs held={held} />
      <div className="flex flex-wrap items-end gap-2">
        <SearchForm id="referral-search" label="Search e-mail or referral code" defaultValue={q} />
        <RefreshButton />
      </div>
      <Table>
          <TableHeader>
            <TableRow>
              {["Rank", "Email", "Referral Code", "Points", "Referrals", "Actions"].map((heading) => (
                <TableHead key={heading}>{heading}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow><TableCell colSpan={6}><p className="py-6 text-center text-muted-foreground">No members match.</p></TableCell></TableRow>
            ) : (
              rows.map((member) => (
                <TableRow key={member.id} data-testid="referral-row" className={cn(member.isBlocked && "opacity-60")}>
                  <TableCell className="font-bold">{member.rank === null ? "—" : `#${member.rank}`}</TableCell>
                  <TableCell>{member.email}{member.isBlocked && <Badge variant="destructive" className="ml-2">Blocked</Badge>}</TableCell>
                  <TableCell className="font-mono">{member.referralCode}</TableCell>
                  <TableCell>{member.points}</TableCell>
                  <TableCell>{member.referralsMade}</TableCell>
                  <TableCell>
                    <div className="flex gap-1">
                      <Button size="sm" variant="outline" onClick={() => setDialog({ kind: "adjust", member })}><SlidersHorizontal aria-hidden="true" /> Points</Button>
                      <Button size="sm" variant="outline" onClick={() => setDialog({ kind: "details", member })}><Eye aria-hidden="true" /> Details</Button>
                      <RecountButton memberId={member.id} />
                      <Button size="sm" variant="destructive" onClick={() => setDialog({ kind: "reset", member })}><RotateCcw aria-hidden="true" /> Reset</Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
      </Table>
      <div className="flex justify-end">
        <Pager page={page} pages={pages} />
      </div>
      {dialog?.kind === "details" && <DetailsDialog member={dialog.member} onClose={close} />}
      {dialog?.kind === "adjust" && <AdjustDialog member={dialog.member} onClose={close} />}
      {dialog?.kind === "reset" && <ResetDialog member={dialog.member} onClose={close} />}
    </div>
  );
}
