import { parseWithZod } from "@conform-to/zod/v4";
import { Bell, Gift, Sparkles } from "lucide-react";
import { data, redirect, useActionData } from "react-router";
import type { Route } from "./+types/join-waitlist";
import { WaitlistForm, type JoinActionData } from "~/components/waitlist-form";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "~/lib/database-unavailable.server";
import { isAppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";
import { readFormData } from "~/lib/http/form-data.server";
import { log } from "~/lib/log.server";
import { checkBotGuard } from "~/lib/security/bot-guard.server";
import { signUpFromForm } from "~/lib/waitlist/signup.server";
import { getSessionUser } from "~/lib/auth/session.server";
import { forgetReferralCode, readDeviceMemberId, readPendingReferral, rememberDeviceMember } from "~/lib/waitlist/visitor-cookies.server";
import { SIGNUP_ERROR_MESSAGE } from "~/lib/waitlist/join-form";
import { JoinInputSchema } from "~/lib/waitlist/waitlist.schema";
import { siteNameFrom } from "~/lib/site-name";

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = siteNameFrom(matches);
  return [
    { title: `Join the Waitlist | ${siteName}` },
    { name: "description", content: `Join the ${siteName} waitlist for news, monthly giveaways and a shot at early access.` },
  ];
};

// The one place the waitlist form posts to, from every page that shows it.
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: JoinInputSchema });
  if (submission.status !== "success") return data<JoinActionData>({ form: submission.reply() }, { status: 400 });
  const { altcha, website, ...join } = submission.value;
  try {
    const botGuard = await checkBotGuard({ form: "join", altcha, website, clientIp: context.clientIp });
    const referral = await readPendingReferral(request);
    const { member, isNewMember, isOwnBrowser } = await signUpFromForm({
      ...join,
      botGuard,
      clientIp: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
      referralCode: referral?.code ?? null,
      via: referral?.via ?? null,
      seen: { deviceMemberId: await readDeviceMemberId(request), signedInEmail: (await getSessionUser(request))?.email ?? null },
    });
    const headers = new Headers();
    if (isOwnBrowser) headers.append("Set-Cookie", await rememberDeviceMember(member.id));
    headers.append("Set-Cookie", await forgetReferralCode());
    headers.append("Set-Cookie", await setFlash(isNewMember ? "joined" : "welcome-back"));
    const destination = isNewMember ? "/thank-you?welcome=new" : isOwnBrowser ? "/thank-you" : "/thank-you?emailed=1";
    return redirect(destination, { headers });
  } catch (error) {
    if (isAppError(error)) return data<JoinActionData>({ form: submission.reply(), formError: error.userMessage }, { status: error.status });
    if (isDatabaseUnavailable(error)) {
      log.warn("waitlist signup while the database is unavailable", { requestId: context.requestId, error });
      return data<JoinActionData>({ form: submission.reply(), formError: DATABASE_UNAVAILABLE_MESSAGE }, { status: 503, headers: { "Retry-After": "5" } });
    }
    log.error("waitlist signup failed", { requestId: context.requestId, error });
    return data<JoinActionData>({ form: submission.reply(), formError: SIGNUP_ERROR_MESSAGE }, { status: 500 });
  }
}

const BENEFITS = [
  {
    icon: Bell,
    title: "Exclusive Updates",
    text: "Behind-the-scenes sketches, character reveals and news before anyone else hears it.",
  },
  {
    icon: Gift,
    title: "Monthly Giveaways",
    text: "Climb the leaderboard for a chance at T-shirts, decals and other crew swag every month.",
  },
  {
    icon: Sparkles,
    title: "Early Access",
    text: "Top crew members may get to watch the very first episodes before the official premiere.",
  },
];

export default function JoinWaitlist({ matches }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const actionData = useActionData<typeof action>();
  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-10 px-4 py-12 lg:grid-cols-2">
      <div>
        <p className="text-sm font-bold uppercase tracking-wide text-secondary">Be part of the adventure</p>
        <h1 className="mt-2 text-4xl font-extrabold sm:text-5xl">Join the Waitlist</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          {siteName} is almost here! Sign up with your e-mail to get your own crew link, earn points for every
          friend who joins, and compete for monthly prizes while we get the first episodes ready.
        </p>
        <WaitlistForm serverResult={actionData} className="mt-6 max-w-xl" />
        <p className="mt-2 text-xs text-muted-foreground">
          Under 13? Ask a parent or guardian to sign up for you. We only use your address for {siteName} news.
        </p>
        <section aria-labelledby="why-join" className="mt-10">
          <h2 id="why-join" className="text-2xl font-extrabold">Why Join?</h2>
          <ul className="mt-4 space-y-4">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/20 text-secondary">
                  <Icon aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-bold">{title}</span>
                  <span className="text-muted-foreground">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <img
        src="/images/join.svg"
        alt={`The ${siteName} characters waving from their ship`}
        width={560}
        height={420}
        className="mx-auto w-full max-w-lg"
      />
    </main>
  );
}
