import { z } from "zod";
import type { Route } from "./+types/welcome-email-editor";
import { adminClientAction } from "~/components/admin/admin-form";
import { EmailTemplateCard } from "~/components/admin/email-template-card";
import { adminAction } from "~/lib/admin/admin-action.server";
import type { FailureToast } from "~/lib/admin/action-result";
import { versionOf } from "~/lib/admin/version";
import { requireStaff } from "~/lib/auth/guards.server";
import { contentFormSchema } from "~/lib/content/content.schema";
import { getContentTranslation, resolveContentIn, isBlankContent, saveContent } from "~/lib/content/content.server";
import { requireContentLanguage } from "~/lib/content/content-language.server";
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
  const language = requireContentLanguage(request);
  const { values: content, untranslated } = await getContentTranslation(language, [FIELD]);
  return { language, content, isUntranslated: untranslated.includes(FIELD), version: versionOf([language, content]) };
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, {
    section: "welcome-email-editor",
    schema: WelcomeTemplateSchema,
    failure,
    keepEmptyFields: true,
    run: async (input, admin) => {
      const { language } = input;
      const templateHtml = input[FIELD];
      if (input.intent === "send-test") {
        // An empty tab in Spanish: the test shows what a Spanish member would get (the built-in Spanish, or the English in an English frame).
        const resolved = isBlankContent(templateHtml) && language !== "en" ? await resolveContentIn(language, [FIELD]) : null;
        await sendWelcomeTemplateTest({ adminEmail: admin.email, templateHtml: resolved ? resolved.values[FIELD] : templateHtml, language: resolved ? resolved.languages[FIELD] : language });
        return { title: "Test Sent!", description: `The welcome email is on its way to ${admin.email}.` };
      }
      await saveContent({ [FIELD]: templateHtml }, admin.id, language);
      return { title: "Template Updated!", description: "Welcome email template saved successfully." };
    },
  });
}

export const clientAction = adminClientAction(failure);

export default function WelcomeEmailEditor({ loaderData }: Route.ComponentProps) {
  const { language, content, isUntranslated, version } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-3xl font-extrabold">Welcome Email Editor</h1>
      <EmailTemplateCard
        key={language}
        formId={`welcome-template-${language}-${version}`}
        language={language}
        isUntranslated={isUntranslated}
        schema={WelcomeTemplateSchema}
        failure={failure}
        name={FIELD}
        defaultValue={content}
        saveIntent="save"
        title="Welcome e-mail template"
        editorLabel="Welcome e-mail template"
        historyLabel="Welcome Email"
        minHeight={300}
        description={
          <>
            Sent to every new member. Use <code className="rounded bg-muted px-1">{"{{REFERRAL_LINK}}"}</code> for their referral link and{" "}
            <code className="rounded bg-muted px-1">{"{{USER_EMAIL}}"}</code> for their e-mail address; a confirmation link is added below your
            text automatically.
          </>
        }
      />
    </div>
  );
}
