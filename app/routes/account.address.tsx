import { Trans, useLingui } from "@lingui/react";
import { MailCheck } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account.address";
import { NoticePage } from "~/components/notice-page";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { requireMember } from "~/lib/auth/guards.server";
import { requestMagicLink } from "~/lib/auth/magic-link.server";
import { requestAddressChange } from "~/lib/contact-address/address-change.server";
import { ADDRESS_CHANGE_FRESH_SIGN_IN_MESSAGE, ADDRESS_CHANGE_LINK_HOURS } from "~/lib/contact-address/address-change-rules";
import { emailAddressSchema } from "~/lib/email/email-address.schema";
import { isAppError } from "~/kernel/errors";
import { readFormData } from "~/kernel/http/form-data.server";
import { getMemberByEmail } from "~/lib/waitlist/members.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";
import { userMessageIn } from "~/lib/i18n/error-messages.server";
import { requestLanguage } from "~/lib/i18n/request-language.server";
import { FRESH_SIGN_IN_MINUTES, isFreshSignIn } from "~/lib/privacy/privacy-request.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.meta.title ?? "" },
  { name: "description", content: data?.meta.description ?? "" },
  { name: "robots", content: "noindex" },
];

const NEW_ADDRESS_MISSING = /*i18n*/ "Please enter your new e-mail address.";
const NewAddressForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("change"), newEmail: emailAddressSchema(NEW_ADDRESS_MISSING) }),
  z.object({ intent: z.literal("fresh-sign-in") }),
]);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireMember(request);
  if (!(await getMemberByEmail(user.email))) throw redirect("/dashboard");
  const { i18n, messages } = pageTranslation(request, "address");
  const meta = { title: i18n._("Change your e-mail address"), description: i18n._("Move your crew membership to another e-mail address.") };
  return { email: user.email, isSent: new URL(request.url).searchParams.has("sent"), isFresh: await isFreshSignIn(user.sessionId), freshMinutes: FRESH_SIGN_IN_MINUTES, meta, messages };
}

// Nothing changes here: the link sent to the new address makes the change (/confirm-address).
// It needs a fresh sign-in, as export and erasure do: "E-mail me a new sign-in link" brings one.
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMember(request);
  const member = await getMemberByEmail(user.email);
  if (!member) throw redirect("/dashboard");
  const form = Object.fromEntries(await readFormData(request));
  const parsed = NewAddressForm.safeParse({ intent: "change", ...form });
  if (!parsed.success) return data({ error: parsed.error.issues.find((issue) => issue.path[0] === "newEmail")?.message ?? NEW_ADDRESS_MISSING, notice: null }, { status: 400 });
  if (parsed.data.intent === "fresh-sign-in") {
    await requestMagicLink({ email: user.email, clientIp: context.clientIp, redirectTo: "/account/address" });
    return data({ error: null, notice: "sign-in-sent" as const });
  }
  try {
    await requestAddressChange(member, parsed.data.newEmail, { sessionId: user.sessionId });
  } catch (error) {
    if (isAppError(error)) return data({ error: userMessageIn(error, requestLanguage(request)), notice: null }, { status: error.status });
    throw error;
  }
  return redirect("/account/address?sent=1");
}

export default function ChangeAddress({ loaderData, actionData }: Route.ComponentProps) {
  const isSending = useNavigation().state === "submitting";
  const { i18n } = useLingui();
  if (loaderData.isSent) {
    return (
      <NoticePage
        icon={MailCheck}
        iconClassName="text-green-700"
        title={i18n._("Check your new inbox")}
        message={i18n._(
          "We've sent a link to your new address, unless it already has a membership of its own. Your membership moves there when you follow it (within {hours} hours); until then nothing changes.",
          { hours: ADDRESS_CHANGE_LINK_HOURS },
        )}
        action={{ to: "/dashboard", label: i18n._("Back to My Dashboard") }}
      />
    );
  }
  const error = actionData?.error;
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-4 px-4 py-16">
      <h1 className="text-4xl font-extrabold">{i18n._("Change your e-mail address")}</h1>
      <p className="text-lg text-muted-foreground">
        <Trans
          id="We write to <0>{email}</0> now. Enter the new address and we'll send it a link to confirm; your points, crew name and referral link stay as they are."
          values={{ email: loaderData.email }}
          components={{ 0: <strong className="text-foreground" /> }}
        />
      </p>
      {actionData?.notice === "sign-in-sent" ? (
        <p role="status" className="rounded-lg border bg-card p-4 font-semibold" data-testid="address-sign-in-sent">
          {i18n._("We've e-mailed a new sign-in link to {email}. Open it, then come back here.", { email: loaderData.email })}
        </p>
      ) : !loaderData.isFresh ? (
        <Form method="post" className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid="address-fresh-sign-in">
          <p>{i18n._(ADDRESS_CHANGE_FRESH_SIGN_IN_MESSAGE, { minutes: loaderData.freshMinutes })}</p>
          <input type="hidden" name="intent" value="fresh-sign-in" />
          <Button type="submit" variant="outline" disabled={isSending}>
            <MailCheck aria-hidden="true" /> {i18n._("E-mail me a new sign-in link")}
          </Button>
        </Form>
      ) : null}
      {loaderData.isFresh && (
        <Form method="post" className="flex flex-col gap-2" aria-busy={isSending || undefined}>
          <input type="hidden" name="intent" value="change" />
          <Label htmlFor="new-email">{i18n._("New e-mail address")}</Label>
          <Input
            id="new-email"
            name="newEmail"
            type="email"
            required
            autoComplete="email"
            tall
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "new-email-error" : undefined}
          />
          <Button type="submit" size="lg" disabled={isSending}>
            {isSending ? i18n._("Sending...") : i18n._("Send confirmation link")}
          </Button>
          {error && (
            <p id="new-email-error" role="alert" className="text-sm font-semibold text-destructive">{i18n._(error)}</p>
          )}
        </Form>
      )}
      <Link to="/dashboard" className="font-semibold text-secondary underline">{i18n._("Back to My Dashboard")}</Link>
    </main>
  );
}
