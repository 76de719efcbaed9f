import { useLingui } from "@lingui/react";
import { MailCheck, XCircle } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { NoticePage } from "~/components/notice-page";
import { Button } from "~/components/ui/button";
import { emailHashOfUnsubscribeToken, isUnsubscribeTokenSuppressed, unsubscribeByToken } from "~/lib/email/suppression.server";
import { readFormData } from "~/kernel/http/form-data.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.meta.title ?? "" },
  { name: "description", content: data?.meta.description ?? "" },
  { name: "robots", content: "noindex" },
];

// The link in every optional e-mail and its List-Unsubscribe header (ADR 0044). Opening it
// changes nothing (link scanners open links); the button, or the mail provider's one-click
// POST (RFC 8058: `List-Unsubscribe=One-Click`, no cookies), unsubscribes. The signed
// token is the only authority, so the cross-origin guard lets this one path through.
export async function loader({ request }: Route.LoaderArgs) {
  const { i18n, messages } = pageTranslation(request, "unsubscribe");
  const meta = { title: i18n._("Unsubscribe"), description: i18n._("Stop the crew's e-mails to your address.") };
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const emailHash = emailHashOfUnsubscribeToken(token);
  if (!emailHash) return data({ token: null, isUnsubscribed: false, meta, messages }, { status: 400 });
  return { token, isUnsubscribed: await isUnsubscribeTokenSuppressed(emailHash), meta, messages };
}

export const shouldRevalidate = () => false;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const token = new URL(request.url).searchParams.get("token") ?? form.get("token");
  const via = form.get("List-Unsubscribe") === "One-Click" ? "one_click" : "page";
  const outcome = await unsubscribeByToken(token, { clientIp: context.clientIp, via });
  if (outcome === "invalid") return data({ outcome }, { status: 400 });
  if (outcome === "rate_limited") return data({ outcome }, { status: 429, headers: { "Retry-After": "600" } });
  return { outcome };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const isSending = useNavigation().state === "submitting";
  const { i18n } = useLingui();
  const outcome = actionData?.outcome;
  if (outcome === "unsubscribed" || outcome === "already" || (!actionData && loaderData.isUnsubscribed)) {
    return (
      <NoticePage
        icon={MailCheck}
        title={i18n._("You're unsubscribed")}
        message={i18n._("We won't send this address any more crew news, welcome or prize e-mails. Sign-in links you ask for yourself still arrive.")}
      />
    );
  }
  if (outcome === "rate_limited") {
    return (
      <NoticePage
        icon={XCircle}
        iconClassName="text-destructive"
        title={i18n._("Too many tries")}
        message={i18n._("Please wait a few minutes and use the link again.")}
      />
    );
  }
  if (!loaderData.token || outcome === "invalid") {
    return (
      <NoticePage
        icon={XCircle}
        iconClassName="text-destructive"
        title={i18n._("This link doesn't work")}
        message={i18n._("The unsubscribe link is incomplete or was changed. Use the Unsubscribe link at the bottom of one of our e-mails again.")}
      />
    );
  }
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-4 px-4 py-16">
      <h1 className="text-4xl font-extrabold">{i18n._("Unsubscribe?")}</h1>
      <p className="text-lg text-muted-foreground">
        {i18n._("We'll stop sending this address crew news, welcome and prize e-mails. Sign-in links you ask for yourself will still arrive.")}
      </p>
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <Button type="submit" size="lg" disabled={isSending}>
          {i18n._("Unsubscribe")}
        </Button>
      </Form>
    </main>
  );
}
