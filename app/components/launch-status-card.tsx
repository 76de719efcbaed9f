import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { DoorOpen } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { LAUNCH_STATUS_LABEL as STATUS_LABEL, type LaunchStatus } from "~/lib/launch/launch-status";

const statusText = (status: LaunchStatus, i18n: I18n): string => {
  switch (status) {
    case "waiting":
      return i18n._("You're on the waitlist. When your wave is invited, your invite shows here and arrives by e-mail.");
    case "invited":
      return i18n._("Your wave is invited! Accept your invite to be admitted: it works once, and only for you.");
    case "admitted":
      return i18n._("You accepted your invite: you're admitted. Welcome aboard!");
  }
};

/** The member's place in the launch (ADR 0049): waiting, invited (with their own link to accept), admitted. */
export function LaunchStatusCard({ status, invitePath }: { status: LaunchStatus; invitePath: string | null }) {
  const { i18n } = useLingui();
  return (
    <Card className="sm:col-span-2" id="launch">
      <CardHeader>
        <CardDescription className="flex items-center gap-2"><DoorOpen className="size-4" aria-hidden="true" /> {i18n._("Launch access")}</CardDescription>
        <CardTitle as="p" size="figure" data-testid="launch-status" data-status={status}>{i18n._(STATUS_LABEL[status])}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-muted-foreground">
        <p>{statusText(status, i18n)}</p>
        {invitePath && (
          <Button asChild>
            <Link to={invitePath}>{i18n._("Accept Your Invite")}</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
