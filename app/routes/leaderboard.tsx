import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Crown, Medal, Trophy } from "lucide-react";
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/leaderboard";
import { useLiveSettings } from "~/components/live-settings";
import { Badge } from "~/components/ui/badge";
import { z } from "zod";
import { LEADERBOARD_SIZE, listLeaderboard } from "~/lib/leaderboard/leaderboard.server";
import { visitPlaceInLine } from "~/lib/leaderboard/place-movement.server";
import { movementText, passText, placeText } from "~/lib/leaderboard/place-text";
import { seasonLabel } from "~/lib/seasons/season-calendar";
import { getCurrentSeason, getSeasonPoints, listSeasonLeaderboard } from "~/lib/seasons/season-leaderboard.server";
import { Link } from "react-router";
import { pendingReferralsText } from "~/lib/referrals/pending-text";
import { countPendingReferrals } from "~/lib/referrals/referral-credit.server";
import { getSiteSetting } from "~/lib/settings/settings.server";
import { cn } from "~/lib/utils";
import { getCurrentMember } from "~/lib/waitlist/current-member.server";
import { getCrewName } from "~/lib/crew-names/crew-name.server";
import { siteNameFrom } from "~/lib/site-name";
import { getEnv } from "~/kernel/env.server";
import { NoticePage } from "~/components/notice-page";
import { badgeName } from "~/lib/leaderboard/badge-names";
import { pageTranslation } from "~/lib/i18n/catalogs.server";
import { FORMAT_LOCALES } from "~/kernel/i18n/languages";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteName = siteNameFrom(matches);
  return [{ title: `${data?.meta.title ?? ""} | ${siteName}` }, { name: "description", content: data?.meta.description ?? "" }];
};

const ViewQuery = z.object({ view: z.enum(["month", "all-time"]).catch("month").default("month") });
type View = z.infer<typeof ViewQuery>["view"];

export async function loader({ request }: Route.LoaderArgs) {
  const { view } = ViewQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { language, i18n, messages } = pageTranslation(request, "leaderboard");
  const siteName = getEnv().SITE_NAME;
  const meta = {
    title: i18n._("Leaderboard"),
    description: i18n._("The top {siteName} crew members this month and of all time: points, referrals and prizes.", { siteName }),
  };
  if (!(await getSiteSetting("leaderboardVisible"))) return { isVisible: false as const, view, season: null, rows: [], standing: null, meta, messages };
  const [current, member] = await Promise.all([getCurrentSeason(), getCurrentMember(request)]);
  const [rows, standing, pendingReferrals, seasonPoints, crewName] = await Promise.all([
    view === "month" ? listSeasonLeaderboard(current.season, { limit: LEADERBOARD_SIZE }) : listLeaderboard({ limit: LEADERBOARD_SIZE }),
    member ? visitPlaceInLine(member) : null,
    member ? countPendingReferrals(member.id) : 0,
    member ? getSeasonPoints(member.id, current.season) : 0,
    member ? getCrewName(member.id) : null,
  ]);
  return {
    isVisible: true as const,
    view,
    season: { label: seasonLabel(current.season, FORMAT_LOCALES[language]), endsText: seasonEndText(current.endsAt, current.timeZone, FORMAT_LOCALES[language]) },
    rows,
    standing:
      standing && member ? { ...standing, points: member.points, seasonPoints, pendingReferrals, nickname: crewName ?? "" } : null,
    meta,
    messages,
  };
}

/** "Nov 30, 11:59 PM PST": the last minute of the season in the site's zone (formatted here, not in the browser). */
function seasonEndText(endsAt: Date, timeZone: string, locale: string): string {
  return new Date(endsAt.getTime() - 60_000).toLocaleString(locale, {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  });
}

const views = (i18n: I18n): { view: View; label: string; href: string }[] => [
  { view: "month", label: i18n._("This month"), href: "/leaderboard" },
  { view: "all-time", label: i18n._("All time"), href: "/leaderboard?view=all-time" },
];

const podium = (i18n: I18n) => [
  { className: "border-amber-400 bg-amber-50", icon: Crown, iconClass: "text-amber-500", label: (rank: number) => i18n._("Gold, rank {rank}", { rank }) },
  { className: "border-slate-400 bg-slate-50", icon: Medal, iconClass: "text-slate-500", label: (rank: number) => i18n._("Silver, rank {rank}", { rank }) },
  { className: "border-orange-400 bg-orange-50", icon: Medal, iconClass: "text-orange-600", label: (rank: number) => i18n._("Bronze, rank {rank}", { rank }) },
];


export default function Leaderboard({ loaderData }: Route.ComponentProps) {
  const { leaderboardVisible } = useLiveSettings();
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const wasVisible = useRef(leaderboardVisible);

  // Switched back on while this page is open: load the list again.
  useEffect(() => {
    if (leaderboardVisible && !wasVisible.current) void revalidator.revalidate();
    wasVisible.current = leaderboardVisible;
  }, [leaderboardVisible, revalidator]);

  if (!leaderboardVisible) {
    return <NoticePage title={i18n._("Leaderboard Temporarily Hidden")} message={i18n._("The crew rankings are taking a short break. Check back soon!")} />;
  }
  const isLoading = revalidator.state === "loading" || !loaderData.isVisible;
  const { rows, standing, view, season } = loaderData;
  const isMonth = view === "month";

  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12">
      <div className="text-center">
        <Trophy className="mx-auto size-12 text-primary" aria-hidden="true" />
        <h1 className="mt-2 text-4xl font-extrabold">{i18n._("Leaderboard")}</h1>
        <p className="mt-2 text-muted-foreground">{i18n._("Earn points by joining, inviting friends and watching the trailer. Top crew members win monthly prizes!")}</p>
      </div>

      <nav aria-label={i18n._("Leaderboard views")} className="mt-8 flex justify-center gap-2">
        {views(i18n).map((entry) => (
          <Link
            key={entry.view}
            to={entry.href}
            preventScrollReset
            aria-current={entry.view === view ? "page" : undefined}
            className={cn(
              "rounded-full border-2 px-4 py-1.5 font-bold",
              entry.view === view ? "border-primary bg-primary text-primary-foreground" : "border-border bg-card hover:bg-muted",
            )}
          >
            {entry.label}
          </Link>
        ))}
      </nav>
      {season && (
        <p className="mt-3 text-center text-sm text-muted-foreground" data-testid="season-note">
          {isMonth ? (
            <>{i18n._("{season}: points earned this month. The season ends {end}.", { season: season.label, end: season.endsText })} </>
          ) : (
            <>{i18n._("All points since the waitlist opened.")} </>
          )}
          <Link to="/hall-of-fame" className="font-semibold text-secondary underline">{i18n._("Hall of Fame")}</Link>
        </p>
      )}

      {isLoading ? (
        <p role="status" className="mt-10 text-center font-semibold text-muted-foreground">{i18n._("Loading Leaderboard...")}</p>
      ) : (
        <>
          {standing && (
            <section aria-label={i18n._("Your standing")} className="mt-8 flex items-center justify-between rounded-2xl border-2 border-secondary bg-secondary/5 p-5">
              <div>
                <p className="text-sm font-semibold text-muted-foreground">{i18n._("Your standing")}</p>
                <p className="text-lg font-bold">{standing.nickname}</p>
                <p className="text-sm text-muted-foreground" data-testid="place-in-line">
                  {placeText(standing, i18n)} · {passText(standing, i18n)}
                </p>
                {standing.movement && standing.movement.places > 0 && (
                  <p className="text-sm font-semibold text-green-800" data-testid="place-movement">{movementText(standing.movement, i18n)}</p>
                )}
                {standing.pendingReferrals > 0 && (
                  <p className="text-sm text-muted-foreground" data-testid="pending-referrals">{pendingReferralsText(standing.pendingReferrals, i18n)}</p>
                )}
              </div>
              <div className="flex gap-6 text-right">
                <div>
                  <p className="text-xs uppercase text-muted-foreground">{isMonth ? i18n._("All-time rank") : i18n._("Rank")}</p>
                  <p className="text-2xl font-extrabold" data-testid="own-rank">#{i18n.number(standing.rank)}</p>
                </div>
                {isMonth && (
                  <div>
                    <p className="text-xs uppercase text-muted-foreground">{i18n._("This month")}</p>
                    <p className="text-2xl font-extrabold" data-testid="own-season-points">{i18n.number(standing.seasonPoints)}</p>
                  </div>
                )}
                <div>
                  <p className="text-xs uppercase text-muted-foreground">{i18n._("Points")}</p>
                  <p className="text-2xl font-extrabold" data-testid="own-points">{i18n.number(standing.points)}</p>
                </div>
              </div>
            </section>
          )}
          {rows.length === 0 ? (
            <p className="mt-10 rounded-xl border bg-card p-8 text-center text-muted-foreground">
              {isMonth
                ? i18n._("No points earned this month yet. Join the waitlist or invite a friend to take the lead!")
                : i18n._("The leaderboard is currently empty. Be the first to join the waitlist and start earning points!")}
            </p>
          ) : (
            <ol className="mt-8 space-y-2" aria-label={i18n._("Ranking")}>
              {rows.map((row, index) => {
                const place = index < 3 && row.rank <= 3 ? podium(i18n)[row.rank - 1] : undefined;
                const PodiumIcon = place?.icon;
                return (
                  <li
                    key={row.memberId}
                    data-testid="leaderboard-row"
                    className={cn("flex items-center gap-4 rounded-xl p-3 shadow-xs", place ? `border-2 ${place.className}` : "border bg-card")}
                  >
                    <span className="w-10 text-center text-lg font-extrabold">
                      {PodiumIcon ? (
                        <PodiumIcon className={cn("mx-auto size-6", place.iconClass)} aria-label={place.label(row.rank)} />
                      ) : (
                        <>
                          <span className="sr-only">{i18n._("Rank {rank}", { rank: row.rank })}</span>
                          <span aria-hidden="true">#{row.rank}</span>
                        </>
                      )}
                    </span>
                    <img src={`/api/avatars/${row.memberId}.svg`} alt="" width={40} height={40} className="size-10 rounded-full" loading="lazy" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-bold">{row.nickname}</span>
                      {row.badge && <Badge className="mt-0.5">{badgeName(row.badge, i18n)}</Badge>}
                    </span>
                    <span className="text-right">
                      <span className="block text-lg font-extrabold">{i18n.number(row.points)}</span>
                      <span className="text-xs text-muted-foreground">{isMonth ? i18n._("points this month") : i18n._("points")}</span>
                    </span>
                  </li>
                );
              })}
            </ol>
          )}
        </>
      )}
    </main>
  );
}
