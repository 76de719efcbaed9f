import { CheckCircle2, XCircle } from "lucide-react";
import type { Route } from "./+types/confirm-email";
import { confirmMemberEmail } from "~/lib/waitlist/members.server";
import { readEmailConfirmationToken } from "~/lib/waitlist/email-confirmation.server";
import { NoticePage } from "~/components/notice-page";

export const meta: Route.MetaFunction = () => [{ title: "Confirm your e-mail" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const memberId = readEmailConfirmationToken(token);
  if (!memberId) return { isConfirmed: false };
  await confirmMemberEmail(memberId);
  return { isConfirmed: true };
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  if (loaderData.isConfirmed) {
    return (
      <NoticePage
        icon={CheckCircle2}
        iconClassName="text-green-700"
        title="E-mail confirmed!"
        message="Thanks! Your address is verified, and your Verified User badge is on the leaderboard."
        action={{ to: "/leaderboard", label: "See the Leaderboard" }}
      />
    );
  }
  return (
    <NoticePage
      icon={XCircle}
      iconClassName="text-destructive"
      title="This link doesn't work"
      message="The confirmation link is incomplete or was changed. Please open it again from your welcome e-mail."
      action={{ to: "/", label: "Back to Home", variant: "outline" }}
    />
  );
}
