import { useLingui } from "@lingui/react";
import { CheckCircle2, XCircle } from "lucide-react";
import type { Route } from "./+types/confirm-email";
import { confirmMemberEmail } from "~/lib/waitlist/members.server";
import { readEmailConfirmationToken } from "~/lib/waitlist/email-confirmation.server";
import { NoticePage } from "~/components/notice-page";
import { pageTranslation } from "~/lib/i18n/catalogs.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { i18n, messages } = pageTranslation(request, "confirm-email");
  const title = i18n._("Confirm your e-mail");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const memberId = readEmailConfirmationToken(token);
  if (!memberId) return { isConfirmed: false, title, messages };
  await confirmMemberEmail(memberId);
  return { isConfirmed: true, title, messages };
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  if (loaderData.isConfirmed) {
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
