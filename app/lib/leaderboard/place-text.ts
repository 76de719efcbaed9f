import type { I18n } from "@lingui/core";

export type PlaceInLine = {
  rank: number;
  /** Listed members in all. */
  of: number;
  /** The next better place and the points it takes to pass it (same referrals); null when first. */
  toPass: { rank: number; points: number } | null;
};

/** "You're #3 of 1,204" (the numbers as the reader's language writes them). */
export function placeText(place: Pick<PlaceInLine, "rank" | "of">, i18n: I18n): string {
  return i18n._("You're #{rank} of {total}", { rank: i18n.number(place.rank), total: i18n.number(place.of) });
}

/** "12 points to pass #2", or the leader's line. */
export function passText(place: Pick<PlaceInLine, "toPass">, i18n: I18n): string {
  if (!place.toPass) return i18n._("You're in the lead!");
  const { points, rank } = place.toPass;
  return i18n._("{points, plural, one {# point} other {# points}} to pass #{rank}", { points, rank: i18n.number(rank) });
}

/** Places gained (positive) or lost since a visit: earlier "today", "yesterday", or a "YYYY-MM-DD" day. */
export type PlaceMovement = { places: number; since: "today" | "yesterday" | string };

/** "Up 12 places since yesterday", "Down 1 place since Nov 20". */
export function movementText({ places, since }: PlaceMovement, i18n: I18n): string {
  const count = Math.abs(places);
  if (since === "today") {
    return places > 0
      ? i18n._("Up {count, plural, one {# place} other {# places}} since earlier today", { count })
      : i18n._("Down {count, plural, one {# place} other {# places}} since earlier today", { count });
  }
  if (since === "yesterday") {
    return places > 0
      ? i18n._("Up {count, plural, one {# place} other {# places}} since yesterday", { count })
      : i18n._("Down {count, plural, one {# place} other {# places}} since yesterday", { count });
  }
  const day = i18n.date(`${since}T00:00:00Z`, { month: "short", day: "numeric", timeZone: "UTC" });
  return places > 0
    ? i18n._("Up {count, plural, one {# place} other {# places}} since {day}", { count, day })
    : i18n._("Down {count, plural, one {# place} other {# places}} since {day}", { count, day });
}
