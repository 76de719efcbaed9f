import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Bell, Gift, Sparkles } from "lucide-react";
import { data, Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/join-waitlist";
import { WaitlistForm } from "~/components/waitlist-form";
import { joinFormQuestion } from "~/lib/consent/join-question.server";
import { getSessionUser } from "~/lib/auth/session.server";
import { readFormData } from "~/kernel/http/form-data.server";
import { answerJoinForm } from "~/lib/waitlist/join/join-answer.server";
import { SIGNUP_ERROR_MESSAGE, type JoinActionData } from "~/lib/waitlist/join-form";
import { siteNameFrom } from "~/lib/site-name";
import { requestLanguage } from "~/lib/i18n/request-language.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";
import { getEnv } from "~/kernel/env.server";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteName = siteNameFrom(matches);
  return [{ title: `${data?.meta.title ?? ""} | ${siteName}` }, { name: "description", content: data?.meta.description ?? "" }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const { language, i18n, messages } = pageTranslation(request, "join");
  const siteName = getEnv().SITE_NAME;
  return {
    // The age question's months and countries in the page's language, the country starting at the browser's region (ADR 0063).
    ageQuestion: await joinFormQuestion(request.headers.get("Accept-Language"), language),
    meta: {
      title: i18n._("Join the Waitlist"),
      description: i18n._("Join the {siteName} waitlist for news, monthly giveaways and a shot at early access.", { siteName }),
    },
    messages,
  };
}

// The one place the waitlist form posts to, from every page that shows it. Without
// JavaScript the join's Express route (server/join-route.ts, ADR 0074) answers the post and
// leaves only a refusal that shows the form again, with its answer, for this page to render;
// with JavaScript React Router's data request comes here.
export async function action({ request, context }: Route.ActionArgs) {
  const answer =
    context.joinAnswer ??
    (await answerJoinForm(await readFormData(request), {
      clientIp: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
      siteLanguage: requestLanguage(request),
      cookieHeader: request.headers.get("Cookie"),
      signedInEmail: (await getSessionUser(request))?.email ?? null,
      requestId: context.requestId,
    }));
  if (answer.kind === "refused") return data<JoinActionData>(answer.data, { status: answer.status, headers: answer.headers });
  const headers = new Headers();
  for (const cookie of answer.setCookies) headers.append("Set-Cookie", cookie);
  return redirect(answer.location, { headers });
}

// With JavaScript, a post that never reaches the server (offline, the server down) keeps
// the form and says the sign-up failed, instead of the page's error screen.
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error; // a redirect stays one
    return data<JoinActionData>({ formError: SIGNUP_ERROR_MESSAGE }, { status: 503 });
  }
}

const benefits = (i18n: I18n) => [
  {
    icon: Bell,
    title: i18n._("Exclusive Updates"),
    text: i18n._("Behind-the-scenes sketches, character reveals and news before anyone else hears it."),
  },
  {
    icon: Gift,
    title: i18n._("Monthly Giveaways"),
    text: i18n._("Climb the leaderboard for a chance at T-shirts, decals and other crew swag every month."),
  },
  {
    icon: Sparkles,
    title: i18n._("Early Access"),
    text: i18n._("Top crew members may get to watch the very first episodes before the official premiere."),
  },
];

export default function JoinWaitlist({ matches, loaderData }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const actionData = useActionData<typeof action>();
  const { i18n } = useLingui();
  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-10 px-4 py-12 lg:grid-cols-2">
      <div>
        <p className="text-sm font-bold uppercase tracking-wide text-secondary">{i18n._("Be part of the adventure")}</p>
        <h1 className="mt-2 text-4xl font-extrabold sm:text-5xl">{i18n._("Join the Waitlist")}</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          {i18n._(
            "{siteName} is almost here! Sign up with your e-mail to get your own crew link, earn points for every friend who joins, and compete for monthly prizes while we get the first episodes ready.",
            { siteName },
          )}
        </p>
        <WaitlistForm serverResult={actionData} question={loaderData.ageQuestion} className="mt-6 max-w-xl" />
        <p className="mt-2 text-xs text-muted-foreground">
          {i18n._("We only use your address for {siteName} news and your crew link.", { siteName })}{" "}
          <Link to="/privacy" className="underline">{i18n._("How we handle data")}</Link>
        </p>
        <section aria-labelledby="why-join" className="mt-10">
          <h2 id="why-join" className="text-2xl font-extrabold">{i18n._("Why Join?")}</h2>
          <ul className="mt-4 space-y-4">
            {benefits(i18n).map(({ icon: Icon, title, text }) => (
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
        alt={i18n._("The {siteName} characters waving from their ship", { siteName })}
        width={560}
        height={420}
        className="mx-auto w-full max-w-lg"
      />
    </main>
  );
}
