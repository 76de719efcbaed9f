import { useLingui } from "@lingui/react";
import type { ChromeHandle } from "~/lib/route-chrome";
import { Crown, Link as LinkIcon } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/hall-of-fame";
import { Button } from "~/components/ui/button";
import { seasonLabel } from "~/lib/seasons/season-calendar";
import { listHallOfFame } from "~/lib/seasons/season-winners.server";
import { siteNameFrom } from "~/lib/site-name";
import { getEnv } from "~/kernel/env.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";
import { FORMAT_LOCALES } from "~/kernel/i18n/languages";

// Nothing here needs a script: the page ships no JavaScript (ADR 0024).
export const handle: ChromeHandle = { hydrate: false };

/** Winners shown with their avatar per season; the rest (the top-100 digital prizes) as a list of names. */
const FEATURED_RANKS = 10;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteName = siteNameFrom(matches);
  return [
    { title: `${data?.meta.title ?? ""} | ${siteName}` },
    { name: "description", content: data?.meta.description ?? "" },
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  const { language, i18n, messages } = pageTranslation(request, "hall-of-fame");
  const meta = {
    title: i18n._("Hall of Fame"),
    description: i18n._("The {siteName} crew members who won each month's prizes on the leaderboard.", { siteName: getEnv().SITE_NAME }),
  };
  const seasons = (await listHallOfFame()).map((season) => ({ ...season, label: seasonLabel(season.season, FORMAT_LOCALES[language]) }));
  return { seasons, meta, messages };
}

function prizeGroups(winners: { nickname: string; prize: string }[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const winner of winners) groups.set(winner.prize, [...(groups.get(winner.prize) ?? []), winner.nickname]);
  return [...groups.entries()];
}

export default function HallOfFame({ loaderData, matches }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const { seasons } = loaderData;
  const { i18n } = useLingui();
  return (
    <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-12">
      <div className="text-center">
        <Crown className="mx-auto size-12 text-primary" aria-hidden="true" />
        <h1 className="mt-2 text-4xl font-extrabold">{i18n._("Hall of Fame")}</h1>
        <p className="mt-2 text-muted-foreground">
          {i18n._("Every month the top {siteName} crew members win prizes. Here are the champions of past seasons.", { siteName })}
        </p>
      </div>
      {seasons.length === 0 ? (
        <div className="mt-10 rounded-xl border bg-card p-8 text-center">
          <p className="text-muted-foreground">{i18n._("The first season's winners will appear here soon. Could it be you?")}</p>
          <Button asChild className="mt-4">
            <Link to="/join-waitlist">{i18n._("Join the Waitlist")}</Link>
          </Button>
        </div>
      ) : (
        <div className="mt-10 space-y-10">
          {seasons.map((season) => {
            const featured = season.winners.filter((winner) => winner.rank <= FEATURED_RANKS);
            const others = season.winners.filter((winner) => winner.rank > FEATURED_RANKS);
            return (
              <section key={season.season} aria-labelledby={`season-${season.season}`} data-testid="hall-of-fame-season">
                <h2 id={`season-${season.season}`} className="text-2xl font-extrabold">{season.label}</h2>
                <ol className="mt-4 grid gap-3 sm:grid-cols-2">
                  {featured.map((winner) => (
                    <li key={`${winner.rank}-${winner.nickname}`} className="flex items-center gap-3 rounded-xl border bg-card p-3" data-testid="hall-of-fame-winner">
                      <span className="w-10 text-center text-lg font-extrabold">#{i18n.number(winner.rank)}</span>
                      <img
                        src={winner.memberId ? `/api/avatars/${winner.memberId}.svg` : "/brand/logo.svg"}
                        alt=""
                        width={44}
                        height={44}
                        className="size-11 rounded-full"
                        loading="lazy"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-bold">{winner.nickname}</span>
                        <span className="block text-sm text-muted-foreground">{winner.prize}</span>
                      </span>
                    </li>
                  ))}
                </ol>
                {prizeGroups(others).map(([prize, names]) => (
                  <details key={prize} className="mt-3 rounded-xl border bg-card p-3">
                    <summary className="cursor-pointer font-semibold">
                      {i18n._("{count, plural, one {# more crew member won {prize}} other {# more crew members won {prize}}}", { count: names.length, prize })}
                    </summary>
                    <p className="mt-2 text-sm text-muted-foreground">{names.join(", ")}</p>
                  </details>
                ))}
              </section>
            );
          })}
        </div>
      )}
      <p className="mt-10 text-center">
        <Link to="/rewards" className="inline-flex items-center gap-1 font-semibold text-secondary underline">
          <LinkIcon className="size-4" aria-hidden="true" /> {i18n._("See this month's prizes")}
        </Link>
      </p>
    </main>
  );
}
