import { useLingui } from "@lingui/react";
import { CheckCircle2, LogIn, DoorOpen, XCircle } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/invite";
import { NoticePage } from "~/components/notice-page";
import { Button } from "~/components/ui/button";
import { getSessionUser } from "~/lib/auth/session.server";
import { isAppError } from "~/kernel/errors";
import { readFormData } from "~/kernel/http/form-data.server";
import { GONE_MESSAGE, INVALID_CODE_MESSAGE, NOT_YOURS_MESSAGE } from "~/lib/launch/invite-messages";
import { getInvitePage, redeemInvite, type InvitePage } from "~/lib/launch/invites.server";
import { getMemberByEmail } from "~/lib/waitlist/members.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";

// A wave's invite page (ADR 0049), reached by the link in the invite e-mail. Opening it
// changes nothing (link scanners open links): the member signs in by magic link as the
// address the invite was sent to, then accepts with one button. Works without JavaScript.

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

const STATUS_BY_STATE: Partial<Record<InvitePage["state"], number>> = { invalid: 404, not_yours: 403, gone: 410 };

/** The signed-in member's id; a signed-in account without a membership speaks for nobody's invite. */
async function signedInMemberOf(request: Request): Promise<{ isSignedIn: boolean; memberId: string | null }> {
  const user = await getSessionUser(request);
  if (!user) return { isSignedIn: false, memberId: null };
  return { isSignedIn: true, memberId: (await getMemberByEmail(user.email))?.id ?? null };
}

/** The login page, coming back to this invite once the magic link is opened. */
const signInPath = (code: string) => `/login?${new URLSearchParams({ redirectTo: `/invite?${new URLSearchParams({ code })}` })}`;

export async function loader({ request }: Route.LoaderArgs) {
  const code = new URL(request.url).searchParams.get("code") ?? "";
  const { isSignedIn, memberId } = await signedInMemberOf(request);
  const page: InvitePage = isSignedIn && !memberId ? { state: "not_yours" } : await getInvitePage(code, memberId);
  const serialised = page.state === "admitted" ? { state: page.state, admittedAt: page.admittedAt.toISOString() } : page;
  const { i18n, messages } = pageTranslation(request, "invite");
  return data(
    { page: serialised, code: page.state === "invalid" ? "" : code, signIn: signInPath(code), title: i18n._("Your invite"), messages },
    { status: STATUS_BY_STATE[page.state] ?? 200 },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const code = String(form.get("code") ?? "");
  const { isSignedIn, memberId } = await signedInMemberOf(request);
  if (!isSignedIn) throw redirect(signInPath(code));
  try {
    if (!memberId) return data({ error: NOT_YOURS_MESSAGE }, { status: 403 });
    await redeemInvite(code, memberId);
    return redirect(`/invite?${new URLSearchParams({ code })}`);
  } catch (error) {
    if (isAppError(error)) return data({ error: error.userMessage }, { status: error.status });
    throw error;
  }
}

export default function Invite({ loaderData, actionData }: Route.ComponentProps) {
  const { page, code, signIn } = loaderData;
  const isSending = useNavigation().state === "submitting";
  const { i18n } = useLingui();
  // The domain's answers are English text, their own ids (ADR 0053).
  const toDashboard = { to: "/dashboard", label: i18n._("Go to My Dashboard") };
  if (actionData?.error) {
    return <NoticePage icon={XCircle} iconClassName="text-destructive" title={i18n._("This invite can't be used here")} message={i18n._(actionData.error)} action={toDashboard} />;
  }
  switch (page.state) {
    case "invalid":
      return <NoticePage icon={XCircle} iconClassName="text-destructive" title={i18n._("This link doesn't work")} message={i18n._(INVALID_CODE_MESSAGE)} />;
    case "not_yours":
      return <NoticePage icon={XCircle} iconClassName="text-destructive" title={i18n._("This invite isn't yours")} message={i18n._(NOT_YOURS_MESSAGE)} action={toDashboard} />;
    case "gone":
      return <NoticePage icon={XCircle} iconClassName="text-destructive" title={i18n._("This invite has ended")} message={i18n._(GONE_MESSAGE)} action={toDashboard} />;
    case "sign_in":
      return (
        <NoticePage
          icon={LogIn}
          iconClassName="text-primary"
          title={i18n._("You're invited!")}
          message={i18n._("Sign in with the e-mail address this invite was sent to: we e-mail you a sign-in link, and it brings you back here to accept.")}
          action={{ to: signIn, label: i18n._("Sign In to Accept") }}
        />
      );
    case "admitted":
      return (
        <NoticePage
          icon={CheckCircle2}
          iconClassName="text-green-700"
          title={i18n._("You're in!")}
          message={i18n._("Your invite is accepted: you're admitted. Welcome aboard!")}
          action={toDashboard}
        />
      );
    case "ready":
      return (
        <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
          <DoorOpen className="size-14 text-primary" aria-hidden="true" />
          <h1 className="text-4xl font-extrabold">{i18n._("You're invited!")}</h1>
          <p className="text-lg text-muted-foreground">{i18n._("Your wait is over. Accept your invite to be admitted — it works once, and only for you.")}</p>
          <Form method="post">
            <input type="hidden" name="code" value={code} />
            <Button type="submit" size="lg" disabled={isSending}>
              {isSending ? i18n._("Accepting...") : i18n._("Accept Invite")}
            </Button>
          </Form>
        </main>
      );
  }
}
