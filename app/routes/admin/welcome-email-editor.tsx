import { Save, Send } from "lucide-react";
import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/welcome-email-editor";
import { useActionToast, type ToastMessage } from "~/components/admin/action-toast";
import { HistoryDialog } from "~/components/admin/history-dialog";
import { RichTextEditor } from "~/components/admin/rich-text-editor";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { requireAdmin } from "~/lib/auth/guards.server";
import { contentFormSchema } from "~/lib/content/content.schema";
import { getContent, saveContent } from "~/lib/content/content.server";
import { sanitizeRichHtml } from "~/lib/content/sanitize.server";
import { sendWelcomeTemplateTest } from "~/lib/email/template-test.server";
import { log } from "~/lib/log.server";
import { formFields } from "~/lib/settings/settings.schema";

export const meta: Route.MetaFunction = () => [{ title: "Welcome Email Editor | Admin" }];

const FIELD = "welcomeEmailTemplateHtml" as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return getContent([FIELD]);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const fields = formFields(await request.formData());
  const parsed = contentFormSchema([FIELD]).safeParse(fields);
  if (!parsed.success || parsed.data[FIELD] === undefined) {
    return data({ toast: { kind: "error", title: "Update Failed", description: "Could not save email template. The template is missing or too long." } satisfies ToastMessage }, { status: 400 });
  }
  const templateHtml = parsed.data[FIELD];
  try {
    if (fields.intent === "test") {
      await sendWelcomeTemplateTest({ adminEmail: admin.email, templateHtml: sanitizeRichHtml(templateHtml) });
      return data({ toast: { kind: "success", title: "Test Sent!", description: `The welcome email is on its way to ${admin.email}.` } satisfies ToastMessage });
    }
    await saveContent({ [FIELD]: templateHtml }, admin.id);
    return data({ toast: { kind: "success", title: "Template Updated!", description: "Welcome email template saved successfully." } satisfies ToastMessage });
  } catch (error) {
    log.error("welcome template action failed", { requestId: context.requestId, error });
    const description = fields.intent === "test" ? "Could not send the test email. Please try again." : "Could not save email template. Please try again.";
    return data({ toast: { kind: "error", title: "Update Failed", description } satisfies ToastMessage }, { status: 500 });
  }
}

export default function WelcomeEmailEditor({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const isBusy = fetcher.state !== "idle";
  const [html, setHtml] = useState(loaderData[FIELD]);
  const [resetKey, setResetKey] = useState(0);
  useActionToast(fetcher.data);
  useEffect(() => setHtml(loaderData[FIELD]), [loaderData]);

  function revert(value: string, version: number) {
    setHtml(value);
    setResetKey((key) => key + 1);
    toast.success("Content Reverted", { description: `Email template reverted to version ${version}. Save to make it permanent.` });
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-3xl font-extrabold">Welcome Email Editor</h1>
      <fetcher.Form method="post">
        <Card>
          <CardHeader className="flex flex-row items-start justify-between gap-4">
            <div>
              <CardTitle>Welcome e-mail template</CardTitle>
              <CardDescription>
                Sent to every new member. Use <code className="rounded bg-muted px-1">{"{{REFERRAL_LINK}}"}</code> for their referral link and{" "}
                <code className="rounded bg-muted px-1">{"{{USER_EMAIL}}"}</code> for their e-mail address; a confirmation link is added below
                your text automatically.
              </CardDescription>
            </div>
            <HistoryDialog name={FIELD} label="Welcome Email" kind="rich" onRevert={revert} buttonLabel="View History" />
          </CardHeader>
          <CardContent className="grid gap-4">
            <Label htmlFor="welcome-template" className="sr-only">Welcome e-mail template</Label>
            <RichTextEditor id="welcome-template" name={FIELD} label="Welcome e-mail template" value={html} resetKey={resetKey} onChange={setHtml} minHeight={300} disabled={isBusy} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="save" disabled={isBusy}>
                <Save aria-hidden="true" /> {isBusy && fetcher.formData?.get("intent") === "save" ? "Saving..." : "Save Template"}
              </Button>
              <Button type="submit" name="intent" value="test" variant="outline" disabled={isBusy}>
                <Send aria-hidden="true" /> Send test to me
              </Button>
            </div>
          </CardContent>
        </Card>
      </fetcher.Form>
    </div>
  );
}
