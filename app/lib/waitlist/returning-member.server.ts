import { requestMagicLink } from "../auth/magic-link.server";
import { isAppError } from "../../kernel/errors";
import { emailIdentity } from "./email-identity";
import type { Member } from "./members.server";

/**
 * Whether this browser may see a returning member's standing: it joined as them before,
 * or it is signed in as them. Anyone else who types their address sees nothing of it.
 */
export function isMembersOwnBrowser(member: Member, seen: { deviceMemberId: string | null; signedInEmail: string | null }): boolean {
  if (seen.deviceMemberId === member.id) return true;
  return seen.signedInEmail !== null && emailIdentity(seen.signedInEmail) === emailIdentity(member.email);
}

/**
 * E-mails a returning member their referral link with a sign-in link (the sign-in e-mail
 * carries it). Over the sign-in limits nothing is sent, and the page says the same,
 * so the form cannot be used to flood someone's inbox or to probe the limits.
 */
export async function emailReturningMemberTheirLink(member: Member, clientIp: string): Promise<void> {
  try {
    await requestMagicLink({ email: member.email, clientIp, redirectTo: "/dashboard" });
  } catch (error) {
    if (!isAppError(error) || error.code !== "RATE_LIMITED") throw error;
  }
}
