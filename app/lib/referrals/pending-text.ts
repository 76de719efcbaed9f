/** What a member reads about referrals that wait for their friends to confirm. */
export function pendingReferralsText(pending: number): string {
  return pending === 1 ? "1 pending — it counts when your friend confirms" : `${pending} pending — they count when your friends confirm`;
}

/** How a referral earns points under the current "Referral credit" setting. */
export function referralRuleText(mode: "confirm" | "join"): string {
  return mode === "confirm" ? "who joins with your link and confirms their e-mail" : "who joins with your link";
}
