import { Save, Send } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { z } from "zod";
import type { Route } from "./+types/welcome-email-editor";
import { adminClientAction, useAdminForm } from "~/components/admin/admin-form";
import { HistoryDialog } from "~/components/admin/history-dialog";
import { RichTextEditor, type EditorRevert } from "~/components/admin/rich-text-editor";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { adminAction } from "~/lib/admin/admin-action.server";
import type { FailureToast } from "~/lib/admin/action-result";
import { versionOf } from "~/lib/admin/version";
import { requireStaff } from "~/lib/auth/guards.server";
import { contentFormSchema } from "~/lib/content/content.schema";
import { getContent, saveContent } from "~/lib/content/content.server";
import { sendWelcomeTemplateTest } from "~/lib/email/template-test.server";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Welcome Email Editor | Admin" }];

const FIELD = "welcomeEmailTemplateHtml" as const;
// "send-test" is a background intent: it changes nothing on screen, so nothing revalidates.
const WelcomeTemplateSchema = contentFormSchema([FIELD]).required().extend({ intent: z.enum(["save", "send-test"]).default("save") });

function failure(form: FormData): FailureToast {
  return form.get("intent") === "send-test"
    ? { title: "Send Failed", lead: "Could not send the test email. " }
    : { title: "Update Failed", lead: "Could not save email template. " };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "welcome-email-editor");
  const content = await getContent([FIELD]);
  return { content, version: versionOf(content) };
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, {
    section: "welcome-email-editor",
    schema: WelcomeTemplateSchema,
    failure,
    keepEmptyFields: true,
    run: async (input, admin) => {
      const templateHtml = input[FIELD];
      if (input.intent === "send-test") {
        await sendWelcomeTemplateTest({ adminEmail: admin.email, templateHtml });
        return { title: "Test Sent!", description: `The welcome email is on its way to ${admin.email}.` };
      }
      await saveContent({ [FIELD]: templateHtml }, admin.id);
      return { title: "Template Updated!", description: "Welcome email template saved successfully." };
    },
  });
}

export const clientAction = adminClientAction(failure);

export default function WelcomeEmailEditor({ loaderData }: Route.ComponentProps) {
  const { content, version } = loaderData;
  const { form, fields, fetcher, formProps, isSaving } = useAdminForm({
    id: `welcome-template-${version}`,
    schema: WelcomeTemplateSchema,
    failure,
    keepEmptyFields: true,
    defaultValue: content,
  });
  const [revert, setRevert] = useState<EditorRevert>();
  const field = fields[FIELD];
  const pendingIntent = fetcher.formData?.get("intent");

  function revertTo(value: string, versionNumber: number) {
    setRevert({ value });
    toast.success("Content Reverted", { description: `Email template reverted to version ${versionNumber}. Save to make it permanent.` });
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-3xl font-extrabold">Welcome Email Editor</h1>
      <fetcher.Form key={form.id} {...formProps}>
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
            <HistoryDialog name={FIELD} label="Welcome Email" kind="rich" onRevert={revertTo} buttonLabel="View History" disabled={isSaving} />
          </CardHeader>
          <CardContent className="grid gap-4">
            <Label htmlFor={field.id} className="sr-only">Welcome e-mail template</Label>
            <RichTextEditor field={field} label="Welcome e-mail template" revert={revert} minHeight={300} disabled={isSaving} />
            {field.errors?.[0] && <p id={field.errorId} className="text-sm font-semibold text-destructive">{field.errors[0]}</p>}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="save" disabled={isSaving}>
                <Save aria-hidden="true" /> {pendingIntent === "save" ? "Saving..." : "Save Template"}
              </Button>
              <Button type="submit" name="intent" value="send-test" variant="outline" disabled={isSaving}>
                <Send aria-hidden="true" /> {pendingIntent === "send-test" ? "Sending..." : "Send test to me"}
              </Button>
            </div>
          </CardContent>
        </Card>
      </fetcher.Form>
    </div>
  );
}
