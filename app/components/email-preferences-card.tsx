import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { BellOff, BellRing } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { EmailStatus } from "~/lib/email/email-status-label";

const statusText = (status: EmailStatus, i18n: I18n): string => {
  switch (status) {
    case "subscribed":
      return i18n._("We send you news and prize e-mails. Each one has a link to stop them.");
    case "unsubscribed":
      return i18n._("You've unsubscribed: we send no news or prize e-mails.");
    case "bounced":
      return i18n._("Your mail server refused our e-mails, so we stopped sending news and prize e-mails.");
    case "complained":
      return i18n._("Our e-mails were reported as unwanted, so we stopped sending news and prize e-mails.");
  }
};

/** News and prize e-mails on the dashboard (ADR 0044): off with one button, and on again. Sign-in links always go. */
export function EmailPreferencesCard({ status }: { status: EmailStatus }) {
  const { i18n } = useLingui();
  const isSubscribed = status === "subscribed";
  return (
    <Card className="sm:col-span-2" id="emails">
      <CardHeader>
        <CardTitle as="h2">{i18n._("E-mails")}</CardTitle>
        <CardDescription>{i18n._("Sign-in links and messages about your membership always arrive.")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p data-testid="email-status">{statusText(status, i18n)}</p>
        <Form method="post" replace preventScrollReset>
          <input type="hidden" name="intent" value={isSubscribed ? "email-unsubscribe" : "email-resubscribe"} />
          {isSubscribed ? (
            <Button type="submit" variant="outline"><BellOff aria-hidden="true" /> {i18n._("Stop news and prize e-mails")}</Button>
          ) : (
            <Button type="submit" variant="outline"><BellRing aria-hidden="true" /> {i18n._("Send me news and prize e-mails again")}</Button>
          )}
        </Form>
      </CardContent>
    </Card>
  );
}
