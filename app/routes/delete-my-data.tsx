import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { CheckCircle2, XCircle } from "lucide-react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/delete-my-data";
import { NoticePage } from "~/components/notice-page";
import { Button } from "~/components/ui/button";
import { readFormData } from "~/kernel/http/form-data.server";
import { eraseByLink, readErasureLink } from "~/lib/privacy/erasure-link.server";
import { forgetDeviceMember, readDeviceMemberId } from "~/lib/waitlist/visitor-cookies.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.meta.title ?? "" },
  { name: "description", content: data?.meta.description ?? "" },
  { name: "robots", content: "noindex" },
];

type LinkProblem = "invalid" | "expired" | "used";
const STATUS: Record<LinkProblem, number> = { invalid: 404, expired: 410, used: 410 };
const PROBLEM = (i18n: I18n): Record<LinkProblem, { title: string; message: string }> => ({
  invalid: {
    title: i18n._("This link doesn't work"),
    message: i18n._("The link is incomplete or was not made by us. Ask again from My data on your dashboard."),
  },
  expired: {
    title: i18n._("This link has expired"),
    message: i18n._("Deletion links work for 24 hours. Sign in and ask again from My data on your dashboard."),
  },
  used: { title: i18n._("Already deleted"), message: i18n._("This membership no longer exists: its data has been deleted.") },
});

const ERASED_PATH = "/delete-my-data?deleted=1";

// The link in the confirmation e-mail (ADR 0045): opening it changes nothing (a mail
// scanner may open it); the button erases, without cookies or JavaScript, and the answer
// is a redirect to the "deleted" page (the link itself is spent by then, and a reload must
// not post it again).
export async function loader({ request }: Route.LoaderArgs) {
  const { i18n, messages } = pageTranslation(request, "delete-my-data");
  const meta = { title: i18n._("Delete my data"), description: i18n._("Confirm the deletion of your crew membership and all its data.") };
  const query = new URL(request.url).searchParams;
  if (query.get("deleted") === "1") return { token: null, problem: null, erased: true, meta, messages };
  const token = query.get("token") ?? "";
  const link = await readErasureLink(token);
  if (link.status !== "valid") return data({ token: null, problem: link.status, erased: false, meta, messages }, { status: STATUS[link.status] });
  return { token, problem: null, erased: false, meta, messages };
}

export async function action({ request }: Route.ActionArgs) {
  const erasure = await eraseByLink((await readFormData(request)).get("token"));
  const deviceMemberId = await readDeviceMemberId(request.headers.get("Cookie"));
  // This browser's "joined here" cookie names the member: it goes too. While it is still
  // there after the erasure, the post is this browser's own, sent again because the first
  // answer never arrived (a browser resends a post whose connection dropped): the same answer.
  const isThisBrowsers = "memberId" in erasure && deviceMemberId === erasure.memberId;
  if (erasure.outcome !== "erased" && !(erasure.outcome === "used" && isThisBrowsers)) return data({ problem: erasure.outcome }, { status: STATUS[erasure.outcome] });
  return redirect(ERASED_PATH, isThisBrowsers ? { headers: { "Set-Cookie": await forgetDeviceMember() } } : undefined);
}

export default function DeleteMyData({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  if (loaderData.erased) {
    return (
      <NoticePage
        icon={CheckCircle2}
        title={i18n._("Your data is deleted")}
        message={i18n._("Your membership and everything we kept about it are gone. Thank you for being part of the crew.")}
        action={{ to: "/", label: i18n._("Back to Home"), reloadDocument: true }}
      />
    );
  }
  const problem = actionData?.problem ?? loaderData.problem;
  if (problem || !loaderData.token) {
    const { title, message } = PROBLEM(i18n)[problem ?? "invalid"];
    return <NoticePage icon={XCircle} iconClassName="text-destructive" title={title} message={message} />;
  }
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-4 px-4 py-16">
      <h1 className="text-4xl font-extrabold">{i18n._("Delete all your data?")}</h1>
      <p className="text-lg text-muted-foreground">
        {i18n._(
          "Your crew membership, points, referrals, place on the leaderboard, e-mails and records will be deleted for good. Points you already gave friends stay with them, and they will see you as a former crew member. This cannot be undone.",
        )}
      </p>
      {/* A plain form, posted by the browser itself: a click during hydration is never also
          replayed to a client-side submit, which would post the link a second time. */}
      <form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <Button type="submit" size="lg" variant="destructive">
          {i18n._("Delete everything")}
        </Button>
      </form>
    </main>
  );
}
