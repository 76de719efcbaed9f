/** Why an address is on the suppression list (email_suppressions.reason). */
export type SuppressionReason = "unsubscribed" | "bounced" | "complained";
/** Whether an address gets optional e-mail: 'subscribed', or why not. */
export type EmailStatus = "subscribed" | SuppressionReason;

const LABELS: Record<EmailStatus, string> = {
  subscribed: "Subscribed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  complained: "Complained",
};

/** A member's e-mail status in words (Waitlist Users and its CSV export; ADR 0044). */
export function describeEmailStatus(status: EmailStatus): string {
  return LABELS[status] ?? status;
}
