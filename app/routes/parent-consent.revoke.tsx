import { useLingui } from "@lingui/react";
import { ShieldCheck, XCircle } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/parent-consent.revoke";
import { NoticePage } from "~/components/notice-page";
import { Button } from "~/components/ui/button";
import { memberIdOfRevokeToken } from "~/lib/consent/revoke-link.server";
import { isParentConsentedMember, revokeParentConsent } from "~/lib/consent/revoke-consent.server";
import { readFormData } from "~/kernel/http/form-data.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.meta.title ?? "" },
  { name: "description", content: data?.meta.description ?? "" },
  { name: "robots", content: "noindex" },
];

// The link in every e-mail to a parent (ADR 0041): opening it changes nothing; the button
// withdraws consent and deletes the membership, without cookies or JavaScript.
export async function loader({ request }: Route.LoaderArgs) {
  const { i18n, messages } = pageTranslation(request, "parent-answer");
  const meta = { title: i18n._("Withdraw consent"), description: i18n._("Withdraw your consent and delete your child's crew membership.") };
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const memberId = memberIdOfRevokeToken(token);
  if (!memberId || !(await isParentConsentedMember(memberId))) return data({ token: null, meta, messages }, { status: 404 });
  return { token, meta, messages };
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
  const { i18n } = useLingui();
  if (actionData?.isRevoked) {
    return <NoticePage icon={ShieldCheck} title={i18n._("Consent withdrawn")} message={i18n._("We've deleted your child's membership and the data that went with it.")} />;
  }
  if (!loaderData.token || actionData) {
    return (
      <NoticePage
        icon={XCircle}
        iconClassName="text-destructive"
        title={i18n._("Nothing to withdraw")}
        message={i18n._("This membership no longer exists, or the link is incomplete.")}
      />
    );
  }
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-4 px-4 py-16">
      <h1 className="text-4xl font-extrabold">{i18n._("Withdraw consent?")}</h1>
      <p className="text-lg text-muted-foreground">
        {i18n._(
          "Your child's crew membership, points and place on the leaderboard will be deleted, and we will stop e-mailing you. Points they already gave friends stay with those friends.",
        )}
      </p>
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <Button type="submit" size="lg" variant="destructive" disabled={isSending}>
          {i18n._("Withdraw consent and delete")}
        </Button>
      </Form>
    </main>
  );
}
