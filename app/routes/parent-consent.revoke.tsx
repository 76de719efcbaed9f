import { ShieldCheck, XCircle } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/parent-consent.revoke";
import { NoticePage } from "~/components/notice-page";
import { Button } from "~/components/ui/button";
import { memberIdOfRevokeToken } from "~/lib/consent/revoke-link.server";
import { isParentConsentedMember, revokeParentConsent } from "~/lib/consent/revoke-consent.server";
import { readFormData } from "~/lib/http/form-data.server";

export const meta: Route.MetaFunction = () => [
  { title: "Withdraw consent" },
  { name: "description", content: "Withdraw your consent and delete your child's crew membership." },
  { name: "robots", content: "noindex" },
];

// The link in every e-mail to a parent (ADR 0041): opening it changes nothing; the button
// withdraws consent and deletes the membership, without cookies or JavaScript.
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const memberId = memberIdOfRevokeToken(token);
  if (!memberId || !(await isParentConsentedMember(memberId))) return data({ token: null }, { status: 404 });
  return { token };
}

// The answer spends the link: reading it again after the post would only answer 404.
export const shouldRevalidate = () => false;

export async function action({ request }: Route.ActionArgs) {
  const memberId = memberIdOfRevokeToken((await readFormData(request)).get("token"));
  if (!memberId || !(await revokeParentConsent(memberId))) return data({ isRevoked: false }, { status: 404 });
  return { isRevoked: true };
}

export default function RevokeConsent({ loaderData, actionData }: Route.ComponentProps) {
  const isSending = useNavigation().state === "submitting";
  if (actionData?.isRevoked) {
    return <NoticePage icon={ShieldCheck} title="Consent withdrawn" message="We've deleted your child's membership and the data that went with it." />;
  }
  if (!loaderData.token || actionData) {
    return <NoticePage icon={XCircle} iconClassName="text-destructive" title="Nothing to withdraw" message="This membership no longer exists, or the link is incomplete." />;
  }
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-4 px-4 py-16">
      <h1 className="text-4xl font-extrabold">Withdraw consent?</h1>
      <p className="text-lg text-muted-foreground">
        Your child's crew membership, points and place on the leaderboard will be deleted, and we will stop e-mailing you. Points they
        already gave friends stay with those friends.
      </p>
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <Button type="submit" size="lg" variant="destructive" disabled={isSending}>
          Withdraw consent and delete
        </Button>
      </Form>
    </main>
  );
}
