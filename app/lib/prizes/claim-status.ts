/** A winner's claim as Admin → Seasons shows it: "waiting for consent" is an unclaimed prize whose winner has no consent on record. */
export type ClaimStatus = "unclaimed" | "waiting_for_consent" | "claimed" | "shipped";

export const CLAIM_STATUS_LABEL: Record<ClaimStatus, string> = {
  unclaimed: "unclaimed",
  waiting_for_consent: "waiting for consent",
  claimed: "claimed",
  shipped: "shipped",
};
