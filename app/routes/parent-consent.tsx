import { useLingui } from "@lingui/react";
import { MailCheck } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/parent-consent";
import { NoticePage } from "~/components/notice-page";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ASK_PARENT } from "~/lib/consent/ask-parent";
import { PARENT_EMAIL_LABEL } from "~/lib/consent/parent-first-words";
import { agePassCookie, openAgePass, readAgePassCookie } from "~/lib/consent/age-pass.server";
import { answerParentForm } from "~/lib/consent/parent-consent-form.server";
import { readFormData } from "~/kernel/http/form-data.server";
import { isReferralCodeShape } from "~/lib/referrals/referral-code";
import { rememberReferral } from "~/lib/waitlist/visitor-cookies.server";
import { requestLanguage } from "~/lib/i18n/request-language.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";

// The trap for bots stays English: people never see it, and bots read English best.
const HONEYPOT_LABEL = "Leave this empty";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.meta.title ?? "" },
  { name: "description", content: data?.meta.description ?? "" },
  { name: "robots", content: "noindex" },
];

// A visitor under the consent age lands here from the join form (ADR 0041), with the age
// pass in a cookie — or from the embedded form, with it in the link (then kept as a cookie).
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const pass = url.searchParams.get("pass");
  if (pass !== null) {
    const headers = new Headers();
    if (openAgePass(pass)) headers.append("Set-Cookie", agePassCookie(pass));
    const ref = url.searchParams.get("ref") ?? "";
    if (isReferralCodeShape(ref)) headers.append("Set-Cookie", await rememberReferral(ref, null));
    return redirect("/parent-consent", { headers });
  }
  const { i18n, messages } = pageTranslation(request, "parent-consent");
  return {
    isSent: url.searchParams.has("sent"),
    isChild: readAgePassCookie(request.headers.get("Cookie"))?.band === "under_consent_age",
    meta: { title: i18n._(ASK_PARENT.title), description: i18n._("Ask a parent or guardian to say yes before you join the crew.") },
    messages,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const answer = await answerParentForm(await readFormData(request), {
    clientIp: context.clientIp,
    userAgent: request.headers.get("User-Agent"),
    siteLanguage: requestLanguage(request),
    cookieHeader: request.headers.get("Cookie"),
  });
  if (answer.ok) return redirect("/parent-consent?sent=1");
  return data({ error: answer.message }, { status: answer.status });
}

export default function ParentConsent({ loaderData, actionData }: Route.ComponentProps) {
  const isSending = useNavigation().state === "submitting";
  const { i18n } = useLingui();
  if (loaderData.isSent) {
    return <NoticePage icon={MailCheck} iconClassName="text-green-700" title={i18n._(ASK_PARENT.sentTitle)} message={i18n._(ASK_PARENT.sentText)} />;
  }
  if (!loaderData.isChild) {
    return (
      <NoticePage
        title={i18n._(ASK_PARENT.title)}
        message={i18n._("Please start from the join form.")}
        action={{ to: "/join-waitlist", label: i18n._("Join the Waitlist") }}
      />
    );
  }
  const error = actionData?.error;
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-4 px-4 py-16">
      <h1 className="text-4xl font-extrabold">{i18n._(ASK_PARENT.title)}</h1>
      <p className="text-lg text-muted-foreground">{i18n._(ASK_PARENT.text)}</p>
      <Form method="post" className="flex flex-col gap-2" aria-busy={isSending || undefined}>
        <Label htmlFor="parent-email">{i18n._(PARENT_EMAIL_LABEL)}</Label>
        <Input
          id="parent-email"
          name="parentEmail"
          type="email"
          required
          autoComplete="off"
          tall
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "parent-error" : undefined}
        />
        <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor="parent-website">{HONEYPOT_LABEL}</label>
          <input id="parent-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <Button type="submit" size="lg" disabled={isSending}>
          {isSending ? i18n._("Sending...") : i18n._("Send to my parent or guardian")}
        </Button>
        {error && (
          <p id="parent-error" role="alert" className="text-sm font-semibold text-destructive">{i18n._(error)}</p>
        )}
      </Form>
    </main>
  );
}
