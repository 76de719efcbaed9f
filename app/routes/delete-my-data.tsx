import { CheckCircle2, XCircle } from "lucide-react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/delete-my-data";
import { NoticePage } from "~/components/notice-page";
import { Button } from "~/components/ui/button";
import { readFormData } from "~/lib/http/form-data.server";
import { eraseByLink, readErasureLink } from "~/lib/privacy/erasure-link.server";
import { forgetDeviceMember, readDeviceMemberId } from "~/lib/waitlist/visitor-cookies.server";

export const meta: Route.MetaFunction = () => [
  { title: "Delete my data" },
  { name: "description", content: "Confirm the deletion of your crew membership and all its data." },
  { name: "robots", content: "noindex" },
];

type LinkProblem = "invalid" | "expired" | "used";
const STATUS: Record<LinkProblem, number> = { invalid: 404, expired: 410, used: 410 };
const PROBLEM: Record<LinkProblem, { title: string; message: string }> = {
  invalid: { title: "This link doesn't work", message: "The link is incomplete or was not made by us. Ask again from My data on your dashboard." },
  expired: { title: "This link has expired", message: "Deletion links work for 24 hours. Sign in and ask again from My data on your dashboard." },
  used: { title: "Already deleted", message: "This membership no longer exists: its data has been deleted." },
};

const ERASED_PATH = "/delete-my-data?deleted=1";

// The link in the confirmation e-mail (ADR 0045): opening it changes nothing (a mail
// scanner may open it); the button erases, without cookies or JavaScript, and the answer
// is a redirect to the "deleted" page (the link itself is spent by then, and a reload must
// not post it again).
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  if (query.get("deleted") === "1") return { token: null, problem: null, erased: true };
  const token = query.get("token") ?? "";
  const link = await readErasureLink(token);
  if (link.status !== "valid") return data({ token: null, problem: link.status, erased: false }, { status: STATUS[link.status] });
  return { token, problem: null, erased: false };
}

export async function action({ request }: Route.ActionArgs) {
  const erasure = await eraseByLink((await readFormData(request)).get("token"));
  if (erasure.outcome !== "erased") return data({ problem: erasure.outcome }, { status: STATUS[erasure.outcome] });
  // This browser's "joined here" cookie named the member: it goes too.
  const isTheirDevice = (await readDeviceMemberId(request.headers.get("Cookie"))) === erasure.memberId;
  return redirect(ERASED_PATH, isTheirDevice ? { headers: { "Set-Cookie": await forgetDeviceMember() } } : undefined);
}

export default function DeleteMyData({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.erased) {
    return <NoticePage icon={CheckCircle2} title="Your data is deleted" message="Your membership and everything we kept about it are gone. Thank you for being part of the crew." action={{ to: "/", label: "Back to Home", reloadDocument: true }} />;
  }
  const problem = actionData?.problem ?? loaderData.problem;
  if (problem || !loaderData.token) {
    const { title, message } = PROBLEM[problem ?? "invalid"];
    return <NoticePage icon={XCircle} iconClassName="text-destructive" title={title} message={message} />;
  }
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-4 px-4 py-16">
      <h1 className="text-4xl font-extrabold">Delete all your data?</h1>
      <p className="text-lg text-muted-foreground">
        Your crew membership, points, referrals, place on the leaderboard, e-mails and records will be deleted for good. Points you already gave
        friends stay with them, and they will see you as a former crew member. This cannot be undone.
      </p>
      {/* A plain form, posted by the browser itself: a click during hydration is never also
          replayed to a client-side submit, which would post the link a second time. */}
      <form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <Button type="submit" size="lg" variant="destructive">
          Delete everything
        </Button>
      </form>
    </main>
  );
}
