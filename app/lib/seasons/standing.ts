// A line of a finished season's standings, as the Seasons screen shows it.
export type SkipReason = "Blocked" | "Referrals held for review" | "No longer on the waitlist";

export type Standing = {
  position: number;
  memberId: string | null;
  /** The member's crew name (ADR 0042), or "Former crew member". */
  nickname: string;
  points: number;
  referrals: number;
  /** The final rank among the members not skipped; null when skipped. */
  rank: number | null;
  prize: string | null;
  skipReason: SkipReason | null;
};
