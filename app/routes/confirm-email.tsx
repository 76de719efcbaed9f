import { CheckCircle2, XCircle } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/confirm-email";
import { Button } from "~/components/ui/button";
import { confirmMemberEmail } from "~/lib/waitlist/members.server";
import { readEmailConfirmationToken } from "~/lib/waitlist/email-confirmation.server";

export const meta: Route.MetaFunction = () => [{ title: "Confirm your e-mail" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const memberId = readEmailConfirmationToken(token);
  if (!memberId) return { isConfirmed: false };
  await confirmMemberEmail(memberId);
  return { isConfirmed: true };
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      {loaderData.isConfirmed ? (
        <>
          <CheckCircle2 className="size-14 text-green-700" aria-hidden="true" />
          <h1 className="text-3xl font-extrabold">E-mail confirmed!</h1>
          <p className="text-muted-foreground">Thanks! Your address is verified, and your Verified User badge is on the leaderboard.</p>
          <Button asChild>
            <Link to="/leaderboard">See the Leaderboard</Link>
          </Button>
        </>
      ) : (
        <>
          <XCircle className="size-14 text-destructive" aria-hidden="true" />
          <h1 className="text-3xl font-extrabold">This link doesn't work</h1>
          <p className="text-muted-foreground">The confirmation link is incomplete or was changed. Please open it again from your welcome e-mail.</p>
          <Button asChild variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
        </>
      )}
    </main>
  );
}
