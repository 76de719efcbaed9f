import type { I18n } from "@lingui/core";

/** What a member reads about referrals that wait for their friends to confirm. */
export function pendingReferralsText(pending: number, i18n: I18n): string {
  return i18n._("{pending, plural, one {# pending — it counts when your friend confirms} other {# pending — they count when your friends confirm}}", { pending });
}

/** The dashboard's line on what a referral earns, in the reader's language. */
export function referralEarningsText(mode: "confirm" | "join", points: number, i18n: I18n): string {
  return mode === "confirm"
    ? i18n._("Every friend who joins with your link and confirms their e-mail earns you {points} points.", { points })
    : i18n._("Every friend who joins with your link earns you {points} points.", { points });
}
