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
import { requestAddressChange } from "~/lib/contact-address/address-change.server";
import { ADDRESS_CHANGE_LINK_HOURS } from "~/lib/contact-address/address-change-rules";
import { emailAddressSchema } from "~/lib/email/email-address.schema";
import { isAppError } from "~/lib/errors";
import { readFormData } from "~/lib/http/form-data.server";
import { getMemberByEmail } from "~/lib/waitlist/members.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.meta.title ?? "" },
  { name: "description", content: data?.meta.description ?? "" },
  { name: "robots", content: "noindex" },
];

const NEW_ADDRESS_MISSING = /*i18n*/ "Please enter your new e-mail address.";
const NewAddressForm = z.object({ newEmail: emailAddressSchema(NEW_ADDRESS_MISSING) });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireMember(request);
  if (!(await getMemberByEmail(user.email))) throw redirect("/dashboard");
  const { i18n, messages } = pageTranslation(request, "address");
  const meta = { title: i18n._("Change your e-mail address"), description: i18n._("Move your crew membership to another e-mail address.") };
  return { email: user.email, isSent: new URL(request.url).searchParams.has("sent"), meta, messages };
}

// Nothing changes here: the link sent to the new address makes the change (/confirm-address).
export async function action({ request }: Route.ActionArgs) {
  const user = await requireMember(request);
  const member = await getMemberByEmail(user.email);
  if (!member) throw redirect("/dashboard");
  const parsed = NewAddressForm.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? NEW_ADDRESS_MISSING }, { status: 400 });
  try {
    await requestAddressChange(member, parsed.data.newEmail);
  } catch (error) {
    if (isAppError(error)) return data({ error: error.userMessage }, { status: error.status });
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
          "We've sent a link to your new address. Your membership moves there when you follow it (within {hours} hours); until then nothing changes.",
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
      <Form method="post" className="flex flex-col gap-2" aria-busy={isSending || undefined}>
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
      <Link to="/dashboard" className="font-semibold text-secondary underline">{i18n._("Back to My Dashboard")}</Link>
    </main>
  );
}
