import type { I18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react";
import type { ChromeHandle } from "~/lib/route-chrome";
import { Gift, Shirt, Sparkles, Sticker, Ticket } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/rewards";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { REFERRAL_BONUS_POINTS, REFERRER_POINTS, SIGNUP_POINTS, TRAILER_VIEW_POINTS } from "~/lib/points/points-rules";
import { getEnv } from "~/kernel/env.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";
import { getSiteSettings } from "~/lib/settings/settings.server";
import { prizeCardLines } from "~/lib/seasons/prize-cards";
import { siteNameFrom } from "~/lib/site-name";

// Nothing here needs a script: the page ships no JavaScript (ADR 0024).
export const handle: ChromeHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data?.meta.title ?? ""} | ${siteNameFrom(matches)}` },
  { name: "description", content: data?.meta.description ?? "" },
];

/** The prizes, matched by keyword against the season's prize tiers (in English, as the admin names them). */
const PRIZES = [
  { icon: Shirt, keyword: "shirt" },
  { icon: Sticker, keyword: "decal" },
  { icon: Sparkles, keyword: "digital" },
  // eslint-disable-next-line lingui/no-unlocalized-strings -- matched against the admin's prize names, not shown
  { icon: Ticket, keyword: "early access" },
] as const;

function prizeWords(i18n: I18n): { title: string; text: string }[] {
  return [
    { title: i18n._("Crew T-Shirt"), text: i18n._("A soft, official crew tee with the compass logo, in kids' and adult sizes.") },
    { title: i18n._("Decal Pack"), text: i18n._("Twelve waterproof stickers of the whole crew for bottles, bikes and school folders.") },
    {
      title: i18n._("Exclusive Digital Content"),
      text: i18n._("Wallpapers, colouring pages and a behind-the-scenes sketchbook you won't find anywhere else."),
    },
    { title: i18n._("Early Access Pass"), text: i18n._("Watch the first episodes before the official premiere, from home, with your family.") },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { i18n, messages } = pageTranslation(request, "rewards");
  const meta = {
    title: i18n._("Monthly Rewards"),
    description: i18n._("The prizes {siteName} crew members win each month, and how to earn the points that get you there.", { siteName: getEnv().SITE_NAME }),
  };
  const { referralCreditMode, seasonPrizes } = await getSiteSettings(["referralCreditMode", "seasonPrizes"]);
  return { creditMode: referralCreditMode, cards: PRIZES.map((prize) => prizeCardLines(prize.keyword, seasonPrizes, i18n)), meta, messages };
}

function waysToEarn(creditMode: "confirm" | "join", i18n: I18n) {
  const bonus = REFERRAL_BONUS_POINTS;
  return [
    { points: SIGNUP_POINTS, text: i18n._("for joining the waitlist") },
    {
      points: REFERRER_POINTS,
      text:
        creditMode === "confirm"
          ? i18n._("for every friend who joins with your link and confirms their e-mail (they get {bonus} bonus points too)", { bonus })
          : i18n._("for every friend who joins with your link (they get {bonus} bonus points too)", { bonus }),
    },
    { points: TRAILER_VIEW_POINTS, text: i18n._("for watching the trailer the first time") },
  ];
}

export default function Rewards({ matches, loaderData }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const { i18n } = useLingui();
  const ways = waysToEarn(loaderData.creditMode, i18n);
  const words = prizeWords(i18n);
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-12">
      <div className="text-center">
        <Gift className="mx-auto size-12 text-primary" aria-hidden="true" />
        <h1 className="mt-2 text-4xl font-extrabold">{i18n._("Monthly Rewards")}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-muted-foreground">
          {i18n._("Every month the most active {siteName} fans win real prizes. Collect points, climb the leaderboard and keep an eye on your inbox!", { siteName })}
        </p>
      </div>

      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {PRIZES.map(({ icon: Icon, keyword }, index) => {
          const { howToGet, availability } = loaderData.cards[index]!;
          const { title, text } = words[index]!;
          return (
          <li key={keyword} className="flex">
            <Card className="w-full">
              <CardHeader>
                <span className="flex size-12 items-center justify-center rounded-full bg-primary/20 text-secondary">
                  <Icon aria-hidden="true" />
                </span>
                <CardTitle as="h2" size="xl">{title}</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-1 flex-col gap-3">
                <p className="text-muted-foreground">{text}</p>
                <dl className="mt-auto space-y-2 text-sm">
                  <div>
                    <dt className="font-bold">{i18n._("How to get")}</dt>
                    <dd className="text-muted-foreground">{howToGet}</dd>
                  </div>
                  <div>
                    <dt className="font-bold">{i18n._("Availability")}</dt>
                    <dd className="text-muted-foreground">{availability}</dd>
                  </div>
                </dl>
              </CardContent>
            </Card>
          </li>
          );
        })}
      </ul>

      <section aria-labelledby="earn-points" className="mt-12 rounded-2xl bg-secondary px-6 py-10 text-center text-secondary-foreground">
        <h2 id="earn-points" className="text-2xl font-extrabold">{i18n._("How to earn points")}</h2>
        <ul className="mx-auto mt-4 max-w-xl space-y-2 text-lg">
          {ways.map((way) => (
            <li key={way.text}>
              <strong className="text-primary">+{way.points}</strong> {way.text}
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-4 max-w-xl text-sm text-blue-100">
          <Trans
            id="Each month is a season: when it ends, the month's points decide the winners, who are contacted by e-mail and listed in the <0>Hall of Fame</0>. A parent or guardian confirms the shipping address for crew members under 18."
            components={{ 0: <Link to="/hall-of-fame" className="font-semibold underline" /> }}
          />
        </p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/join-waitlist">{i18n._("Join the Waitlist")}</Link>
        </Button>
      </section>
    </main>
  );
}
