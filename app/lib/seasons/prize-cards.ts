import type { I18n } from "@lingui/core";
import { FORMAT_LOCALES, isLanguage } from "~/kernel/i18n/languages";
import type { PrizeTier } from "./prizes";

/**
 * The Rewards page's "How to get" and "Availability" lines for one prize, from the prize
 * tiers an admin set (Admin → Seasons), so the page never promises what the season won't give.
 * In the reader's language (issue 31): these messages are the rewards page's catalog.
 */
export function prizeCardLines(keyword: string, tiers: PrizeTier[], i18n: I18n): { howToGet: string; availability: string } {
  const matching = tiers.filter((tier) => tier.prize.toLowerCase().includes(keyword.toLowerCase()));
  if (matching.length === 0) return { howToGet: i18n._("Not among this month's prizes."), availability: i18n._("Watch this page for future months.") };
  const places = matching.map((tier) =>
    tier.fromRank === tier.toRank
      ? i18n._("at #{rank}", { rank: tier.fromRank })
      : tier.fromRank === 1
        ? i18n._("in the top {count}", { count: tier.toRank })
        : i18n._("in places #{from} to #{to}", { from: tier.fromRank, to: tier.toRank }),
  );
  const locale = FORMAT_LOCALES[isLanguage(i18n.locale) ? i18n.locale : "en"];
  const count = matching.reduce((sum, tier) => sum + tier.toRank - tier.fromRank + 1, 0);
  return {
    howToGet: i18n._("Finish the month {places} on the leaderboard.", { places: new Intl.ListFormat(locale, { type: "disjunction" }).format(places) }),
    availability: i18n._("{count, plural, one {# every month.} other {Up to # every month, ties share a place.}}", { count }),
  };
}
