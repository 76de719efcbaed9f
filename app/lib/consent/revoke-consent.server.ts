import { and, eq, sql } from "drizzle-orm";
import { emailOutbox, users, verifications, waitlistUsers } from "../../../db/schema";
import { recordAuditEvent } from "../audit/audit.server";
import { db, runTransaction } from "../db.server";

/** Whether a withdraw link still names a membership a parent consented to. */
export async function isParentConsentedMember(memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: waitlistUsers.id })
    .from(waitlistUsers)
    .where(and(eq(waitlistUsers.id, memberId), eq(waitlistUsers.consentMethod, "parent_email_plus")));
  return row !== undefined;
}

/**
 * A parent withdraws consent (ADR 0041): the membership goes with what hangs on it — its
 * points ledger, referral rows and standings (cascades), the sign-in account and sessions,
 * pending sign-in links and every e-mail to the address. Points already credited to
 * others stay, and the leaderboard's counts follow the deletion (its trigger). Audited
 * without the address. False when there was no such membership (a second click).
 */
export async function revokeParentConsent(memberId: string): Promise<boolean> {
  return runTransaction(async (tx) => {
    const [member] = await tx
      .delete(waitlistUsers)
      .where(and(eq(waitlistUsers.id, memberId), eq(waitlistUsers.consentMethod, "parent_email_plus")))
      .returning({ id: waitlistUsers.id, email: waitlistUsers.email });
    if (!member) return false;
    await tx.delete(users).where(and(eq(users.email, member.email), eq(users.role, "member")));
    await tx.delete(verifications).where(sql`${verifications.value} like ${`%${member.email.replace(/[\\%_]/g, "\\$&")}%`}`);
    await tx.delete(emailOutbox).where(eq(emailOutbox.toAddress, member.email));
    await recordAuditEvent(tx, { kind: "system", name: "parent's consent" }, { action: "consent.revoked", targetType: "member", targetId: member.id });
    return true;
  });
}
