import { useLingui } from "@lingui/react";
import { Download, MailCheck, Trash2 } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

export type MyDataState = {
  /** The session began within the last minutes: download and delete are offered. */
  isFresh: boolean;
  /** What the last request said (a new sign-in link sent, the deletion link sent, wait…). */
  message: { tone: "info" | "error"; text: string } | null;
};

/** "My data" on the dashboard (ADR 0045): download everything as JSON, or ask to delete it by a link to the contact address. */
export function MyDataCard({ isFresh, message, freshMinutes }: MyDataState & { freshMinutes: number }) {
  const { i18n } = useLingui();
  return (
    <Card className="sm:col-span-2" id="my-data">
      <CardHeader>
        <CardTitle as="h2">{i18n._("My data")}</CardTitle>
        <CardDescription>
          {i18n._("Download everything we keep about this membership as one file, or delete it all. Both need a sign-in from the last {minutes} minutes.", { minutes: freshMinutes })}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {message && (
          <p role={message.tone === "error" ? "alert" : "status"} className={message.tone === "error" ? "font-semibold text-destructive" : "font-semibold"} data-testid="my-data-message">
            {i18n._(message.text)}
          </p>
        )}
        {isFresh ? (
          <div className="flex flex-wrap gap-3">
            {/* A document post: the answer is the file itself. */}
            <Form method="post" action="/dashboard/my-data" reloadDocument>
              <Button type="submit" variant="outline"><Download aria-hidden="true" /> {i18n._("Download my data")}</Button>
            </Form>
            <Form method="post" replace preventScrollReset>
              <input type="hidden" name="intent" value="request-erasure" />
              <Button type="submit" variant="destructive"><Trash2 aria-hidden="true" /> {i18n._("Delete my data")}</Button>
            </Form>
          </div>
        ) : (
          <Form method="post" replace preventScrollReset>
            <input type="hidden" name="intent" value="fresh-sign-in" />
            <Button type="submit" variant="outline"><MailCheck aria-hidden="true" /> {i18n._("E-mail me a new sign-in link")}</Button>
          </Form>
        )}
        <p className="text-muted-foreground">
          {i18n._(
            "Deleting asks you to confirm by a link we e-mail to this address. Then your membership, points, referrals, place on the leaderboard and e-mails are deleted for good; points you already gave friends stay with them.",
          )}
        </p>
      </CardContent>
    </Card>
  );
}
