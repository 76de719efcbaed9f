import { useLingui } from "@lingui/react";
import { CheckCircle2, XCircle } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/confirm-address";
import { NoticePage } from "~/components/notice-page";
import { Button } from "~/components/ui/button";
import { getSessionUser } from "~/lib/auth/session.server";
import { confirmAddressChange, isPendingAddressChange } from "~/lib/contact-address/address-change.server";
import { readFormData } from "~/kernel/http/form-data.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.meta.title ?? "" },
  { name: "description", content: data?.meta.description ?? "" },
  { name: "robots", content: "noindex" },
];

// The link sent to a member's new address. Opening it changes nothing (mail scanners open
// links); the button does, once, without cookies or JavaScript.
export async function loader({ request }: Route.LoaderArgs) {
  const { i18n, messages } = pageTranslation(request, "address");
  const meta = { title: i18n._("Confirm your new address"), description: i18n._("Confirm the new e-mail address of your crew membership.") };
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return (await isPendingAddressChange(token)) ? { token, meta, messages } : data({ token: null, meta, messages }, { status: 404 });
}

// The post spends the link: reading it again would only answer 404.
export const shouldRevalidate = () => false;

// Every other session of the member ends with the change; the confirming browser's own, if it is theirs, stays.
export async function action({ request }: Route.ActionArgs) {
  const keepSessionId = (await getSessionUser(request))?.sessionId ?? null;
  const outcome = await confirmAddressChange((await readFormData(request)).get("token"), { keepSessionId });
  return data({ outcome }, { status: outcome === "changed" ? 200 : outcome === "taken" ? 409 : 404 });
}

export default function ConfirmAddress({ loaderData, actionData }: Route.ComponentProps) {
  const isSending = useNavigation().state === "submitting";
  const { i18n } = useLingui();
  if (actionData?.outcome === "changed") {
    return (
      <NoticePage
        icon={CheckCircle2}
        iconClassName="text-green-700"
        title={i18n._("Your address is changed")}
        message={i18n._("We'll write to this address from now on, and you sign in with it. Your points, crew name and referral link are as they were.")}
        action={{ to: "/login", label: i18n._("Crew Login") }}
      />
    );
  }
  if (actionData?.outcome === "taken") {
    return (
      <NoticePage
        icon={XCircle}
        iconClassName="text-destructive"
        title={i18n._("This address already has a membership")}
        message={i18n._("Each e-mail address can hold one membership, so nothing changed. Choose another address from your dashboard.")}
        action={{ to: "/dashboard", label: i18n._("My Dashboard") }}
      />
    );
  }
  if (!actionData && loaderData.token) {
    return (
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-4xl font-extrabold">{i18n._("Use this address for your membership?")}</h1>
        <p className="text-lg text-muted-foreground">
          {i18n._("Your membership, points and crew name move to this address, and the old one stops getting our e-mails.")}
        </p>
        <Form method="post" aria-busy={isSending || undefined}>
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" size="lg" disabled={isSending}>{i18n._("Confirm my new address")}</Button>
        </Form>
      </main>
    );
  }
  return (
    <NoticePage
      icon={XCircle}
      iconClassName="text-destructive"
      title={i18n._("This link doesn't work any more")}
      message={i18n._("It was already used, or it ran out. Ask for a new one from your dashboard.")}
      action={{ to: "/dashboard", label: i18n._("My Dashboard") }}
    />
  );
}
