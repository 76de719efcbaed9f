import { useLingui } from "@lingui/react";
import { CheckCircle2, MailCheck, XCircle } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/confirm-email";
import { confirmMemberEmail } from "~/lib/waitlist/members.server";
import { readEmailConfirmationToken } from "~/lib/waitlist/email-confirmation.server";
import { NoticePage } from "~/components/notice-page";
import { Button } from "~/components/ui/button";
import { readFormData } from "~/kernel/http/form-data.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

// The welcome e-mail's link. Opening it changes nothing (mail scanners open links, and a
// confirmation credits the referrer, issue 37); the button's post confirms, without
// cookies or JavaScript. Confirming twice is harmless.
export async function loader({ request }: Route.LoaderArgs) {
  const { i18n, messages } = pageTranslation(request, "confirm-email");
  const title = i18n._("Confirm your e-mail");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token: readEmailConfirmationToken(token) ? token : null, title, messages };
}

// The answer is the page itself: the loader has nothing new to say.
export const shouldRevalidate = () => false;

export async function action({ request }: Route.ActionArgs) {
  const token = (await readFormData(request)).get("token");
  const memberId = typeof token === "string" ? readEmailConfirmationToken(token) : null;
  const isConfirmed = memberId !== null && (await confirmMemberEmail(memberId));
  return data({ isConfirmed }, { status: isConfirmed ? 200 : 400 });
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const isSending = useNavigation().state === "submitting";
  if (actionData?.isConfirmed) {
    return (
      <NoticePage
        icon={CheckCircle2}
        iconClassName="text-green-700"
        title={i18n._("E-mail confirmed!")}
        message={i18n._("Thanks! Your address is verified, and your Verified User badge is on the leaderboard.")}
        action={{ to: "/leaderboard", label: i18n._("See the Leaderboard") }}
      />
    );
  }
  if (!actionData && loaderData.token) {
    return (
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center gap-4 px-4 py-16 text-center">
        <MailCheck className="size-14 text-primary" aria-hidden="true" />
        <h1 className="text-4xl font-extrabold">{i18n._("Confirm your e-mail")}</h1>
        <p className="text-lg text-muted-foreground">{i18n._("Press the button to confirm this is your address. Your Verified User badge then shows on the leaderboard.")}</p>
        <Form method="post" aria-busy={isSending || undefined}>
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" size="lg" disabled={isSending} data-testid="confirm-email-button">
            {i18n._("Confirm my e-mail")}
          </Button>
        </Form>
      </main>
    );
  }
  return (
    <NoticePage
      icon={XCircle}
      iconClassName="text-destructive"
      title={i18n._("This link doesn't work")}
      message={i18n._("The confirmation link is incomplete or was changed. Please open it again from your welcome e-mail.")}
      action={{ to: "/", label: i18n._("Back to Home"), variant: "outline" }}
    />
  );
}
