import { and, eq, sql } from "drizzle-orm";
import { consentRequests, users, waitlistUsers } from "../../../db/schema";
import { recordAdminAuditEvent, recordAuditEvent } from "../audit/audit.server";
import { canAccess, type Role } from "../auth/roles";
import { AppError } from "../../kernel/errors";
import { isUuid } from "../../kernel/uuid";
import { runTransaction, type Transaction } from "../../kernel/db.server";
import { enqueueWebhookEvent } from "../webhooks/enqueue.server";
import { forgetAddress } from "./forget-address.server";
import { addressList, consentRequestNames, loadErasureTraces } from "./member-rows.server";

/** Who erased a member: themselves (a confirmed link), an admin, or a parent withdrawing consent. */
export type ErasedBy = { kind: "member" } | { kind: "admin"; adminId: string } | { kind: "parent_withdrawal" } | { kind: "retention" };

/** Only this membership: a withdrawal link erases a parent-consented membership and nothing else. */
export type ErasureCondition = { onlyParentConsented?: boolean };

/**
 * Removes a member everywhere (ADR 0045), in one transaction: the membership and what hangs
 * on it by key (points ledger, referral rows both ways, aliases, season points, places,
 * prize claims, a pending change of address, their own audit trail: cascades; frozen standings keep the row as "Former
 * crew member"), the sign-in account, sessions and pending links of the address, every
 * e-mail to them or marked as theirs, a parent's pending consent request from the address,
 * staged CSV import lines, webhook messages not yet delivered that name them (delivered ones
 * keep their shape with the address scrubbed), their rate-limit counters, and the values of
 * audit rows about them (which keep only what was done, when and by whom). A row is theirs
 * because a column names their id or their address, whole (ADR 0059): nobody else's row changes;
 * while the address holds another member of the family, it stays theirs (ADR 0067). Points already credited to others stay, and the
 * leaderboard's counts follow the deletion (its trigger). Leaves a tombstone audit row
 * ("erased, by whom", nothing of the person) and a `member.erased` webhook event carrying
 * only the id. False when there was no such member (a second click, an erased member).
 */
export async function eraseMember(memberId: string, by: ErasedBy, condition: ErasureCondition = {}): Promise<boolean> {
  return runTransaction((tx) => eraseMemberIn(tx, memberId, by, condition));
}

/** eraseMember inside a transaction the caller holds (the retention schedule erases a batch under its lock). */
export async function eraseMemberIn(tx: Transaction, memberId: string, by: ErasedBy, condition: ErasureCondition = {}): Promise<boolean> {
  const [member] = await tx
    .select({ id: waitlistUsers.id })
    .from(waitlistUsers)
    .where(and(eq(waitlistUsers.id, memberId), condition.onlyParentConsented ? eq(waitlistUsers.consentMethod, "parent_email_plus") : undefined))
    .for("update");
  if (!member) return false;
  const traces = (await loadErasureTraces(tx, member.id))!;

  await forgetAddress(tx, traces, { byId: true });
  // A team account of the same address stays (Team removes it); a crew account goes with its sessions (cascade).
  await tx.delete(users).where(and(sql`lower(${users.email}) = any(${addressList(traces)})`, eq(users.role, "member")));
  await tx.delete(consentRequests).where(consentRequestNames(traces));

  await tx.delete(waitlistUsers).where(eq(waitlistUsers.id, member.id));

  // The tombstone: erased, when (the row's time), by whom. Nothing of the person but the random id.
  const tombstone = { targetType: "member", targetId: member.id };
  if (by.kind === "admin") await recordAdminAuditEvent(tx, by.adminId, { action: "member.erased", ...tombstone });
  else if (by.kind === "parent_withdrawal") await recordAuditEvent(tx, { kind: "system", name: "parent's consent" }, { action: "consent.revoked", ...tombstone });
  else if (by.kind === "retention") await recordAuditEvent(tx, { kind: "system", name: "retention schedule" }, { action: "member.erased", ...tombstone });
  else await recordAuditEvent(tx, { kind: "system", name: "the member (confirmed link)" }, { action: "member.erased", ...tombstone });
  await enqueueWebhookEvent(tx, "member.erased", { memberId: member.id });
  return true;
}

/** Waitlist Users → Erase: owners and admins only (checked here too, whatever the route did); audited without the address. */
export async function eraseMemberAsAdmin(memberId: string, admin: { id: string; role: Role }): Promise<void> {
  if (!canAccess(admin.role, "waitlist-emails", "edit")) throw new AppError("FORBIDDEN", "Only owners and admins may erase a member.");
  if (!isUuid(memberId) || !(await eraseMember(memberId, { kind: "admin", adminId: admin.id }))) throw new AppError("NOT_FOUND", "This member no longer exists.");
}
