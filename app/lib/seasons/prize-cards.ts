import type { PrizeTier } from "./prizes";

/**
 * The Rewards page's "How to get" and "Availability" lines for one prize, from the prize
 * tiers an admin set (Admin → Seasons), so the page never promises what the season won't give.
 */
export function prizeCardLines(keyword: string, tiers: PrizeTier[]): { howToGet: string; availability: string } {
  const matching = tiers.filter((tier) => tier.prize.toLowerCase().includes(keyword.toLowerCase()));
  if (matching.length === 0) return { howToGet: "Not among this month's prizes.", availability: "Watch this page for future months." };
  const places = matching.map((tier) =>
    tier.fromRank === tier.toRank ? `at #${tier.fromRank}` : tier.fromRank === 1 ? `in the top ${tier.toRank}` : `in places #${tier.fromRank} to #${tier.toRank}`,
  );
  const count = matching.reduce((sum, tier) => sum + tier.toRank - tier.fromRank + 1, 0);
  return {
    howToGet: `Finish the month ${places.join(" or ")} on the leaderboard.`,
    availability: `Up to ${count} every month${count === 1 ? "" : ", ties share a place"}.`.replace("Up to 1 every month.", "1 every month."),
  };
}
