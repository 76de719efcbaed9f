export type PlaceInLine = {
  rank: number;
  /** Listed members in all. */
  of: number;
  /** The next better place and the points it takes to pass it (same referrals); null when first. */
  toPass: { rank: number; points: number } | null;
};

/** "You're #3 of 1,204". */
export function placeText(place: Pick<PlaceInLine, "rank" | "of">): string {
  return `You're #${place.rank.toLocaleString("en-US")} of ${place.of.toLocaleString("en-US")}`;
}

/** "12 points to pass #2", or the leader's line. */
export function passText(place: Pick<PlaceInLine, "toPass">): string {
  if (!place.toPass) return "You're in the lead!";
  const { points, rank } = place.toPass;
  return `${points} point${points === 1 ? "" : "s"} to pass #${rank.toLocaleString("en-US")}`;
}

/** Places gained (positive) or lost since a visit: earlier "today", "yesterday", or a "YYYY-MM-DD" day. */
export type PlaceMovement = { places: number; since: "today" | "yesterday" | string };

/** "Up 12 places since yesterday", "Down 1 place since Nov 20". */
export function movementText({ places, since }: PlaceMovement): string {
  const count = Math.abs(places);
  const when =
    since === "today"
      ? "since earlier today"
      : since === "yesterday"
        ? "since yesterday"
        : `since ${new Date(`${since}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" })}`;
  return `${places > 0 ? "Up" : "Down"} ${count.toLocaleString("en-US")} place${count === 1 ? "" : "s"} ${when}`;
}
