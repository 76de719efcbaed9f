// The events a webhook endpoint can subscribe to (Admin → Developers).
export const WEBHOOK_EVENTS = {
  "member.joined": "A new member joined the waitlist",
  "member.confirmed": "A member confirmed their e-mail address",
  "member.blocked": "An admin or API key blocked a member",
  "member.email_changed": "A member moved their membership to a new e-mail address (confirmed by a link to it)",
  "member.erased": "A member's data was erased: forget them (the payload holds only their id)",
  "referral.credited": "A referral earned its points",
  "referral.held": "A referral was held for review",
  "member.invited": "A wave invited a member (the payload says which wave)",
  "member.admitted": "An invited member redeemed their invite code",
  "season.closed": "A month ended and its final standings were frozen",
  "broadcast.started": "A broadcast began sending (now, or at its scheduled time)",
  "broadcast.finished": "Every message of a broadcast was sent, skipped or failed (with the counts)",
  "broadcast.cancelled": "A broadcast was cancelled: its unsent messages will not go",
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_NAMES = Object.keys(WEBHOOK_EVENTS) as WebhookEvent[];
export const TEST_EVENT = "webhook.test";
