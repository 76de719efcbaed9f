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
