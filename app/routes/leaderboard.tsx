import { Crown, Medal, Trophy } from "lucide-react";
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/leaderboard";
import { useLiveSettings } from "~/components/live-settings";
import { Badge } from "~/components/ui/badge";
import { LEADERBOARD_SIZE, listLeaderboard, placeInLine } from "~/lib/leaderboard/leaderboard.server";
import { passText, placeText } from "~/lib/leaderboard/place-text";
import { pendingReferralsText } from "~/lib/referrals/pending-text";
import { countPendingReferrals } from "~/lib/referrals/referral-credit.server";
import { getSiteSetting } from "~/lib/settings/settings.server";
import { cn } from "~/lib/utils";
import { getCurrentMember } from "~/lib/waitlist/current-member.server";
import { nicknameOf } from "~/lib/waitlist/email";
import { siteNameFrom } from "~/lib/site-name";
import { NoticePage } from "~/components/notice-page";

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = siteNameFrom(matches);
  return [{ title: `Leaderboard | ${siteName}` }];
};

export async function loader({ request }: Route.LoaderArgs) {
  if (!(await getSiteSetting("leaderboardVisible"))) return { isVisible: false as const, rows: [], standing: null };
  const [rows, member] = await Promise.all([listLeaderboard({ limit: LEADERBOARD_SIZE }), getCurrentMember(request)]);
  const [standing, pendingReferrals] = member ? await Promise.all([placeInLine(member), countPendingReferrals(member.id)]) : [null, 0];
  return {
    isVisible: true as const,
    rows,
    standing: standing && member ? { ...standing, points: member.points, pendingReferrals, nickname: nicknameOf(member.email) } : null,
  };
}

const PODIUM = [
  { className: "border-amber-400 bg-amber-50", icon: Crown, iconClass: "text-amber-500", label: "Gold" },
  { className: "border-slate-400 bg-slate-50", icon: Medal, iconClass: "text-slate-500", label: "Silver" },
  { className: "border-orange-400 bg-orange-50", icon: Medal, iconClass: "text-orange-600", label: "Bronze" },
];


export default function Leaderboard({ loaderData }: Route.ComponentProps) {
  const { leaderboardVisible } = useLiveSettings();
  const revalidator = useRevalidator();
  const wasVisible = useRef(leaderboardVisible);

  // Switched back on while this page is open: load the list again.
  useEffect(() => {
    if (leaderboardVisible && !wasVisible.current) void revalidator.revalidate();
    wasVisible.current = leaderboardVisible;
  }, [leaderboardVisible, revalidator]);

  if (!leaderboardVisible) {
    return <NoticePage title="Leaderboard Temporarily Hidden" message="The crew rankings are taking a short break. Check back soon!" />;
  }
  const isLoading = revalidator.state === "loading" || !loaderData.isVisible;
  const { rows, standing } = loaderData;

  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12">
      <div className="text-center">
        <Trophy className="mx-auto size-12 text-primary" aria-hidden="true" />
        <h1 className="mt-2 text-4xl font-extrabold">Leaderboard</h1>
        <p className="mt-2 text-muted-foreground">Earn points by joining, inviting friends and watching the trailer. Top crew members win monthly prizes!</p>
      </div>

      {isLoading ? (
        <p role="status" className="mt-10 text-center font-semibold text-muted-foreground">Loading Leaderboard...</p>
      ) : (
        <>
          {standing && (
            <section aria-label="Your standing" className="mt-8 flex items-center justify-between rounded-2xl border-2 border-secondary bg-secondary/5 p-5">
              <div>
                <p className="text-sm font-semibold text-muted-foreground">Your standing</p>
                <p className="text-lg font-bold">{standing.nickname}</p>
                <p className="text-sm text-muted-foreground" data-testid="place-in-line">
                  {placeText(standing)} · {passText(standing)}
                </p>
                {standing.pendingReferrals > 0 && (
                  <p className="text-sm text-muted-foreground" data-testid="pending-referrals">{pendingReferralsText(standing.pendingReferrals)}</p>
                )}
              </div>
              <div className="flex gap-6 text-right">
                <div>
                  <p className="text-xs uppercase text-muted-foreground">Rank</p>
                  <p className="text-2xl font-extrabold" data-testid="own-rank">#{standing.rank}</p>
                </div>
                <div>
                  <p className="text-xs uppercase text-muted-foreground">Points</p>
                  <p className="text-2xl font-extrabold" data-testid="own-points">{standing.points}</p>
                </div>
              </div>
            </section>
          )}
          {rows.length === 0 ? (
            <p className="mt-10 rounded-xl border bg-card p-8 text-center text-muted-foreground">
              The leaderboard is currently empty. Be the first to join the waitlist and start earning points!
            </p>
          ) : (
            <ol className="mt-8 space-y-2" aria-label="Ranking">
              {rows.map((row, index) => {
                const podium = index < 3 && row.rank <= 3 ? PODIUM[row.rank - 1] : undefined;
                const PodiumIcon = podium?.icon;
                return (
                  <li
                    key={row.memberId}
                    data-testid="leaderboard-row"
                    className={cn("flex items-center gap-4 rounded-xl border bg-card p-3 shadow-xs", podium && `border-2 ${podium.className}`)}
                  >
                    <span className="w-10 text-center text-lg font-extrabold" aria-label={`Rank ${row.rank}`}>
                      {PodiumIcon ? <PodiumIcon className={cn("mx-auto size-6", podium.iconClass)} aria-label={`${podium.label}, rank ${row.rank}`} /> : `#${row.rank}`}
                    </span>
                    <img src={`/api/avatars/${row.memberId}.svg`} alt="" width={40} height={40} className="size-10 rounded-full" loading="lazy" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-bold">{row.nickname}</span>
                      {row.badge && <Badge className="mt-0.5">{row.badge}</Badge>}
                    </span>
                    <span className="text-right">
                      <span className="block text-lg font-extrabold">{row.points}</span>
                      <span className="text-xs text-muted-foreground">points</span>
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
