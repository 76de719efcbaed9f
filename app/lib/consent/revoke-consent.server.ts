import { and, eq } from "drizzle-orm";
import { waitlistUsers } from "../../../db/schema";
import { db } from "../../kernel/db.server";
import { eraseMember } from "../privacy/erase-member.server";

/** Whether a withdraw link still names a membership a parent consented to. */
export async function isParentConsentedMember(memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: waitlistUsers.id })
    .from(waitlistUsers)
    .where(and(eq(waitlistUsers.id, memberId), eq(waitlistUsers.consentMethod, "parent_email_plus")));
  return row !== undefined;
}

/**
 * A parent withdraws consent (ADR 0041): the membership is erased as any erasure is (ADR
 * 0045, eraseMember) — what hangs on it, the sign-in account and sessions, pending sign-in
 * links and every e-mail to the address, audited as `consent.revoked` without the address.
 * Points already credited to others stay. False when there was no such membership (a second click).
 */
export async function revokeParentConsent(memberId: string): Promise<boolean> {
  return eraseMember(memberId, { kind: "parent_withdrawal" }, { onlyParentConsented: true });
}
