import { useLingui } from "@lingui/react";
import { ShieldCheck } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ChildChoices } from "~/lib/consent/child-choices.server";

/**
 * "My family" on the dashboard of a membership a parent approved (ADR 0065): the parent's
 * two choices for their child, each off until they say yes, saved by one plain form post.
 */
export function ChildChoicesCard({ crewName, choices, saved }: { crewName: string; choices: ChildChoices; saved: boolean }) {
  const { i18n } = useLingui();
  return (
    <Card className="sm:col-span-2" id="my-family" role="region" aria-labelledby="my-family-title">
      <CardHeader>
        <CardTitle as="h2" id="my-family-title">{i18n._("My family")}</CardTitle>
        <CardDescription>{i18n._("You said yes to {crewName} joining the crew. These choices are yours, and you can change them at any time.", { crewName })}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <Form method="post" replace preventScrollReset className="space-y-4">
          <input type="hidden" name="intent" value="child-choices" />
          <div className="flex items-start gap-3">
            <input type="checkbox" id="show-on-leaderboard" name="showOnLeaderboard" value="on" defaultChecked={choices.showOnLeaderboard} aria-describedby="show-on-leaderboard-help" className="mt-1 size-4" />
            <div>
              <label htmlFor="show-on-leaderboard" className="font-semibold">{i18n._("Show {crewName} on the public leaderboard", { crewName })}</label>
              <p id="show-on-leaderboard-help" className="text-muted-foreground">
                {i18n._("Off: {crewName} is on no public list, card or page, and still earns points and keeps a place that only you see here.", { crewName })}
              </p>
            </div>
          </div>
          <div className="flex items-start gap-3">
            <input type="checkbox" id="share-with-partners" name="shareWithPartners" value="on" defaultChecked={choices.shareWithPartners} aria-describedby="share-with-partners-help" className="mt-1 size-4" />
            <div>
              <label htmlFor="share-with-partners" className="font-semibold">{i18n._("Share with the studio's partners")}</label>
              <p id="share-with-partners-help" className="text-muted-foreground">
                {i18n._("On: the services the studio connects to this site (such as its mailing or shop tools) may receive {crewName}'s crew name, points and this e-mail address. Off: they receive nothing of {crewName}. Joining never depends on it.", { crewName })}
              </p>
            </div>
          </div>
          <Button type="submit" variant="outline"><ShieldCheck aria-hidden="true" /> {i18n._("Save my choices")}</Button>
          {saved && <p role="status" className="font-semibold" data-testid="child-choices-saved">{i18n._("Your choices are saved.")}</p>}
        </Form>
      </CardContent>
    </Card>
  );
}
