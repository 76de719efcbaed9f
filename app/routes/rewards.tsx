import type { ChromeHandle } from "~/lib/route-chrome";
import { Gift, Shirt, Sparkles, Sticker, Ticket } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/rewards";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { REFERRAL_BONUS_POINTS, REFERRER_POINTS, SIGNUP_POINTS, TRAILER_VIEW_POINTS } from "~/lib/points/points-rules";
import { referralRuleText } from "~/lib/referrals/pending-text";
import { getSiteSettings } from "~/lib/settings/settings.server";
import { prizeCardLines } from "~/lib/seasons/prize-cards";
import { siteNameFrom } from "~/lib/site-name";

// Nothing here needs a script: the page ships no JavaScript (ADR 0024).
export const handle: ChromeHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Monthly Rewards | ${siteNameFrom(matches)}` },
  { name: "description", content: `The prizes ${siteNameFrom(matches)} crew members win each month, and how to earn the points that get you there.` },
];

const PRIZES = [
  {
    icon: Shirt,
    title: "Crew T-Shirt",
    keyword: "shirt",
    text: "A soft, official crew tee with the compass logo, in kids' and adult sizes.",
  },
  {
    icon: Sticker,
    title: "Decal Pack",
    keyword: "decal",
    text: "Twelve waterproof stickers of the whole crew for bottles, bikes and school folders.",
  },
  {
    icon: Sparkles,
    title: "Exclusive Digital Content",
    keyword: "digital",
    text: "Wallpapers, colouring pages and a behind-the-scenes sketchbook you won't find anywhere else.",
  },
  {
    icon: Ticket,
    title: "Early Access Pass",
    keyword: "early access",
    text: "Watch the first episodes before the official premiere, from home, with your family.",
  },
];

export async function loader() {
  const { referralCreditMode, seasonPrizes } = await getSiteSettings(["referralCreditMode", "seasonPrizes"]);
  return { creditMode: referralCreditMode, cards: PRIZES.map((prize) => prizeCardLines(prize.keyword, seasonPrizes)) };
}

function waysToEarn(creditMode: "confirm" | "join") {
  return [
    { points: SIGNUP_POINTS, text: "for joining the waitlist" },
    { points: REFERRER_POINTS, text: `for every friend ${referralRuleText(creditMode)} (they get ${REFERRAL_BONUS_POINTS} bonus points too)` },
    { points: TRAILER_VIEW_POINTS, text: "for watching the trailer the first time" },
  ];
}

export default function Rewards({ matches, loaderData }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const ways = waysToEarn(loaderData.creditMode);
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-12">
      <div className="text-center">
        <Gift className="mx-auto size-12 text-primary" aria-hidden="true" />
        <h1 className="mt-2 text-4xl font-extrabold">Monthly Rewards</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-muted-foreground">
          Every month the most active {siteName} fans win real prizes. Collect points, climb the leaderboard and
          keep an eye on your inbox!
        </p>
      </div>

      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {PRIZES.map(({ icon: Icon, title, text }, index) => {
          const { howToGet, availability } = loaderData.cards[index]!;
          return (
          <li key={title} className="flex">
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
                    <dt className="font-bold">How to get</dt>
                    <dd className="text-muted-foreground">{howToGet}</dd>
                  </div>
                  <div>
                    <dt className="font-bold">Availability</dt>
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
        <h2 id="earn-points" className="text-2xl font-extrabold">How to earn points</h2>
        <ul className="mx-auto mt-4 max-w-xl space-y-2 text-lg">
          {ways.map((way) => (
            <li key={way.text}>
              <strong className="text-primary">+{way.points}</strong> {way.text}
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-4 max-w-xl text-sm text-blue-100">
          Each month is a season: when it ends, the month&apos;s points decide the winners, who are contacted by e-mail and
          listed in the <Link to="/hall-of-fame" className="font-semibold underline">Hall of Fame</Link>. A parent or
          guardian confirms the shipping address for crew members under 18.
        </p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/join-waitlist">Join the Waitlist</Link>
        </Button>
      </section>
    </main>
  );
}
