import { DoorOpen } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { LAUNCH_STATUS_LABEL as STATUS_LABEL, type LaunchStatus } from "~/lib/launch/launch-status";

const STATUS_TEXT: Record<LaunchStatus, string> = {
  waiting: "You're on the waitlist. When your wave is invited, your invite shows here and arrives by e-mail.",
  invited: "Your wave is invited! Accept your invite to be admitted: it works once, and only for you.",
  admitted: "You accepted your invite: you're admitted. Welcome aboard!",
};

/** The member's place in the launch (ADR 0049): waiting, invited (with their own link to accept), admitted. */
export function LaunchStatusCard({ status, invitePath }: { status: LaunchStatus; invitePath: string | null }) {
  return (
    <Card className="sm:col-span-2" id="launch">
      <CardHeader>
        <CardDescription className="flex items-center gap-2"><DoorOpen className="size-4" aria-hidden="true" /> Launch access</CardDescription>
        <CardTitle as="p" size="figure" data-testid="launch-status" data-status={status}>{STATUS_LABEL[status]}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-muted-foreground">
        <p>{STATUS_TEXT[status]}</p>
        {invitePath && (
          <Button asChild>
            <Link to={invitePath}>Accept Your Invite</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
