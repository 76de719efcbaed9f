import { Clapperboard } from "lucide-react";
import { useAdminForm } from "~/components/admin/admin-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { AdminFailure } from "~/lib/admin/failure";
import { RehearseSeasonCloseSchema } from "~/lib/launch/rehearsal.schema";

/** Seasons, while a rehearsal runs (ADR 0051): close the month so far as a rehearsal. */
export function RehearseCloseCard({ label, canRun, failure }: { label: string; canRun: boolean; failure: AdminFailure }) {
  const { form, fetcher, formProps, isSaving } = useAdminForm({ id: "rehearse-close", schema: RehearseSeasonCloseSchema, failure });
  return (
    <Card className="border-amber-300">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clapperboard aria-hidden="true" className="size-5" /> Rehearse the season close
        </CardTitle>
        <CardDescription>
          Freezes {label} as it stands now as a rehearsal season: confirm its winners below and their e-mails wait in the back-office mailbox;
          season.closed goes to test webhook endpoints only. Visitors never see it, and ending the rehearsal deletes it. The real close at the end of the
          month waits until the rehearsal has ended.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {canRun ? (
          <fetcher.Form key={form.id} {...formProps}>
            <input type="hidden" name="intent" value="rehearse-close" />
            <Button type="submit" disabled={isSaving}>
              {isSaving ? "Closing..." : "Rehearse closing this month"}
            </Button>
          </fetcher.Form>
        ) : (
          <p className="text-sm text-muted-foreground">Only an owner can rehearse the season close.</p>
        )}
      </CardContent>
    </Card>
  );
}
