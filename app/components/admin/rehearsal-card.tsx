import { Clapperboard, Mail } from "lucide-react";
import { useRef } from "react";
import { Link } from "react-router";
import { useAdminForm } from "~/components/admin/admin-form";
import { LocalTime } from "~/components/local-time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useIsHydrated } from "~/components/use-is-hydrated";
import type { AdminFailure } from "~/lib/admin/failure";
import { discardsText, REHEARSAL_MAILBOX_PATH, type RehearsalState } from "~/lib/launch/rehearsal";
import { RehearsalActionSchema } from "~/lib/launch/rehearsal.schema";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Site Settings → Rehearsal (ADR 0051): its state for the whole team, the switch for owners. */
export function RehearsalCard({ state, canRun, showsMailbox, failure }: { state: RehearsalState; canRun: boolean; showsMailbox: boolean; failure: AdminFailure }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clapperboard aria-hidden="true" className="size-5" /> Rehearsal{" "}
          <Badge variant={state.isOn ? "brand" : "outline"} data-testid="rehearsal-state">{state.isOn ? "On" : "Off"}</Badge>
        </CardTitle>
        <CardDescription>
          Rehearse launch day without reaching a real family or a real integration. While a rehearsal runs, no e-mail leaves the site: every message waits in
          the back office&apos;s mailbox instead (sign-in links still go, so the team can sign in), and webhooks go only to endpoints marked{" "}
          <strong>Test</strong> under Developers. Close this month&apos;s season on the Seasons screen and confirm its winners, or run a wave or a broadcast,
          end to end. Ending the rehearsal discards what it made; members&apos; points, places and data stay exactly as they were.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {state.isOn && state.startedAt && (
          <div className="space-y-1 text-sm">
            <p>
              Running since <LocalTime value={state.startedAt} />.
            </p>
            <p data-testid="rehearsal-discards">
              Ending it discards {discardsText(state)}.
              {state.toSendAtEnd > 0 && ` ${count(state.toSendAtEnd, "message", "messages")} that real visitors caused meanwhile will be sent then.`}
            </p>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3">
          {canRun ? <RehearsalSwitch state={state} failure={failure} /> : <p className="text-sm text-muted-foreground">Only an owner can start or end a rehearsal.</p>}
          {showsMailbox && (
            <Button asChild variant="outline">
              <Link to={REHEARSAL_MAILBOX_PATH}>
                <Mail aria-hidden="true" /> Back-office mailbox
              </Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function RehearsalSwitch({ state, failure }: { state: RehearsalState; failure: AdminFailure }) {
  const { form, fetcher, formProps, isSaving } = useAdminForm({ id: `rehearsal-${state.isOn ? "on" : "off"}`, schema: RehearsalActionSchema, failure });
  const isHydrated = useIsHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const intent = state.isOn ? "end-rehearsal" : "start-rehearsal";
  const label = state.isOn ? (isSaving ? "Ending..." : "End rehearsal") : isSaving ? "Starting..." : "Start rehearsal";
  const button = (
    <Button type={isHydrated && state.isOn ? "button" : "submit"} variant={state.isOn ? "destructive" : "default"} disabled={isSaving}>
      {label}
    </Button>
  );
  return (
    <fetcher.Form key={form.id} {...formProps} ref={formRef}>
      <input type="hidden" name="intent" value={intent} />
      {isHydrated && state.isOn ? (
        <AlertDialog>
          <AlertDialogTrigger asChild>{button}</AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>End the rehearsal?</AlertDialogTitle>
              <AlertDialogDescription>
                This discards {discardsText(state)}. E-mail and webhooks work for real again at once.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Keep rehearsing</AlertDialogCancel>
              <AlertDialogAction onClick={() => formRef.current?.requestSubmit()}>End and discard</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      ) : (
        button
      )}
    </fetcher.Form>
  );
}
