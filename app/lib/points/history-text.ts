// A member's points history in plain words, for the dashboard.

export type HistoryReason = "signup" | "referral_bonus" | "referral_credit" | "trailer_view" | "admin_adjustment" | "admin_reset";

export type HistoryEntry = {
  id: number;
  delta: number;
  reason: HistoryReason;
  /** The other member's nickname (the friend, or whose link), when there is one. */
  other: string | null;
  otherConfirmed?: boolean;
  at: string;
};
export type PendingEntry = { friend: string; since: string };

function signed(delta: number): string {
  return delta >= 0 ? `+${delta}` : `−${Math.abs(delta)}`;
}

function why({ reason, other, otherConfirmed }: HistoryEntry): string {
  // A referral whose friend is gone (erased, ADR 0045) keeps its points and names nobody.
  const friend = other ?? "a former crew member";
  switch (reason) {
    case "signup":
      return "joined the waitlist";
    case "referral_bonus":
      return `joined with ${friend}'s link`;
    case "referral_credit":
      return otherConfirmed ? `${friend} confirmed and joined your crew` : `${friend} joined your crew`;
    case "trailer_view":
      return "watched the trailer";
    case "admin_adjustment":
      return "adjusted by the crew";
    case "admin_reset":
      return "points reset by the crew";
  }
}

/** "+10 — comet.kid joined your crew". */
export function historyLine(entry: HistoryEntry): string {
  return `${signed(entry.delta)} — ${why(entry)}`;
}

/** "pending — waiting for orbit.otter to confirm". */
export function pendingLine(entry: PendingEntry): string {
  return `pending — waiting for ${entry.friend} to confirm`;
}
