import type { OutgoingEmail } from "./outbox.server";

/**
 * Which e-mails a member may turn off (ADR 0044). "essential" ones go whatever the
 * suppression list says and carry no unsubscribe link: a sign-in link, a consent request or
 * notice to a parent (which carries its own link to withdraw consent), a change of contact
 * address (the link to the new address, the notice to the old one), the link confirming a
 * member's own request to delete their data (ADR 0045), and mail to staff (a
 * copy of the contact form, a test of a template, a team invitation, a disabled webhook).
 * Everything else is "optional": List-Unsubscribe headers, a link in the body, and not sent
 * to a suppressed address. A new kind must be placed here before it compiles.
 */
export const EMAIL_KIND_CLASS = {
  magic_link: "essential",
  parent_consent: "essential",
  consent_confirmation: "essential",
  address_change: "essential",
  address_changed: "essential",
  erasure_confirmation: "essential",
  contact: "essential",
  template_test: "essential",
  team_invite: "essential",
  webhook_disabled: "essential",
  welcome: "optional",
  season_winner: "optional",
  broadcast: "optional",
  // An invitation is news the member waited for, but it is also on their dashboard: an
  // unsubscribed or bounced address is not written to (ADR 0049).
  wave_invite: "optional",
} as const satisfies Record<OutgoingEmail["kind"], "essential" | "optional">;

/** True for a kind that must go even to a suppressed address. An unknown kind is optional. */
export function isEssentialEmailKind(kind: string): boolean {
  return Object.hasOwn(EMAIL_KIND_CLASS, kind) && EMAIL_KIND_CLASS[kind as OutgoingEmail["kind"]] === "essential";
}
