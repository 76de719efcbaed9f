// A member's points history in plain words, for the dashboard, in the reader's language.
import type { I18n } from "@lingui/core";

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

function why({ reason, other, otherConfirmed }: HistoryEntry, i18n: I18n): string {
  // A referral whose friend is gone (erased, ADR 0045) keeps its points and names nobody.
  const friend = other ?? i18n._("a former crew member");
  switch (reason) {
    case "signup":
      return i18n._("joined the waitlist");
    case "referral_bonus":
      return i18n._("joined with {friend}'s link", { friend });
    case "referral_credit":
      return otherConfirmed ? i18n._("{friend} confirmed and joined your crew", { friend }) : i18n._("{friend} joined your crew", { friend });
    case "trailer_view":
      return i18n._("watched the trailer");
    case "admin_adjustment":
      return i18n._("adjusted by the crew");
    case "admin_reset":
      return i18n._("points reset by the crew");
  }
}

/** "+10 — comet.kid joined your crew". */
export function historyLine(entry: HistoryEntry, i18n: I18n): string {
  return `${signed(entry.delta)} — ${why(entry, i18n)}`;
}

/** "pending — waiting for orbit.otter to confirm". */
export function pendingLine(entry: PendingEntry, i18n: I18n): string {
  return i18n._("pending — waiting for {friend} to confirm", { friend: entry.friend });
}
