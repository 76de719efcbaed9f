import { randomUUID } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { sessions, users } from "../../../db/schema";
import { recordAdminAuditEvent } from "../audit/audit.server";
import { assignableRoles, isStaffRole, ROLE_LABEL, STAFF_ROLES, type Role, type StaffRole } from "../auth/roles";
import { db, runTransaction, type Transaction } from "../../kernel/db.server";
import { escapeHtml, renderEmail } from "../email/layout";
import { enqueueEmail } from "../email/outbox.server";
import { getEnv } from "../../kernel/env.server";
import { AppError } from "../../kernel/errors";
import { normaliseEmail, nicknameOf } from "../waitlist/email";
import { i18nFor } from "../i18n/catalogs.server";

export type TeamMember = { id: string; email: string; role: StaffRole; addedAt: Date; lastSignInAt: Date | null };
type Manager = { id: string; role: Role };

export const NOT_YOURS_MESSAGE = "Only an owner can give or take away the Owner role.";
export const LAST_OWNER_MESSAGE = "The team needs at least one owner. Make someone else an owner first.";
export const OWN_ROLE_MESSAGE = "You can't change your own role. Ask another owner or admin.";
export const ALREADY_ON_TEAM_MESSAGE = "This address is already on the team. Change its role in the list.";

/** Everyone who works in the back office, owners first. */
export async function listTeam(): Promise<TeamMember[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      addedAt: users.createdAt,
      lastSignInAt: sql<Date | null>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id})`.mapWith((value) => (value ? new Date(value) : null)),
    })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(sql`array_position(array['owner','admin','editor','viewer'], ${users.role})`, asc(users.email));
  return rows.filter((row): row is TeamMember => isStaffRole(row.role));
}

function mayAssign(manager: Manager, role: StaffRole) {
  if (!assignableRoles(manager.role).includes(role)) throw new AppError("FORBIDDEN", NOT_YOURS_MESSAGE);
}

/** Owners, locked: two owners demoting each other at once cannot leave the team without one. */
async function assertAnotherOwner(tx: Transaction, leaving: string) {
  const owners = await tx.select({ id: users.id }).from(users).where(eq(users.role, "owner")).for("update");
  if (!owners.some((owner) => owner.id !== leaving)) throw new AppError("CONFLICT", LAST_OWNER_MESSAGE);
}

async function lockTarget(tx: Transaction, manager: Manager, userId: string) {
  if (userId === manager.id) throw new AppError("FORBIDDEN", OWN_ROLE_MESSAGE);
  const [target] = await tx.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, userId)).for("update");
  if (!target || !isStaffRole(target.role)) throw new AppError("NOT_FOUND", "This person is no longer on the team.");
  mayAssign(manager, target.role);
  return { ...target, role: target.role };
}

function invitationEmail(email: string, role: StaffRole) {
  const { SITE_NAME, origin } = getEnv();
  const url = `${origin}/login`;
  // Mail to staff is in English, like the back office (ADR 0053).
  const { html, text } = renderEmail({
    i18n: i18nFor("en"),
    siteName: SITE_NAME,
    bodyHtml: `<p>Hi there!</p><p>You've been added to the ${escapeHtml(SITE_NAME)} back office as <strong>${ROLE_LABEL[role]}</strong>. Sign in with this e-mail address (${escapeHtml(email)}): we'll e-mail you a sign-in link, no password needed.</p>`,
    bodyText: `Hi there!\n\nYou've been added to the ${SITE_NAME} back office as ${ROLE_LABEL[role]}. Sign in with this e-mail address (${email}): we'll e-mail you a sign-in link, no password needed.\n`,
    action: { label: `Sign in to ${SITE_NAME}`, url },
  });
  return { kind: "team_invite" as const, to: email, subject: `You're on the ${SITE_NAME} team`, html, text };
}

/**
 * Adds someone to the back office with a role and e-mails them how to sign in (a magic
 * link, like everyone). A crew member's existing account gets the role; a new address
 * gets an account.
 */
export async function inviteTeamMember(input: { email: string; role: StaffRole }, manager: Manager): Promise<TeamMember> {
  mayAssign(manager, input.role);
  const email = normaliseEmail(input.email);
  return runTransaction(async (tx) => {
    await tx.insert(users).values({ id: randomUUID(), name: nicknameOf(email), email, role: "member" }).onConflictDoNothing();
    const [user] = await tx.select().from(users).where(eq(users.email, email)).for("update");
    if (!user) throw new Error("the invited user vanished inside its own transaction");
    if (isStaffRole(user.role)) throw new AppError("CONFLICT", ALREADY_ON_TEAM_MESSAGE);
    await tx.update(users).set({ role: input.role, updatedAt: new Date() }).where(eq(users.id, user.id));
    await recordAdminAuditEvent(tx, manager.id, { action: "team.invited", targetType: "user", targetId: user.id, before: { email, role: user.role }, after: { email, role: input.role } });
    await enqueueEmail(invitationEmail(email, input.role), tx);
    return { id: user.id, email, role: input.role, addedAt: user.createdAt, lastSignInAt: null };
  });
}

/** Gives a team member another role; only owners touch owners, and one owner always stays. */
export async function changeTeamRole(userId: string, role: StaffRole, manager: Manager): Promise<void> {
  mayAssign(manager, role);
  await runTransaction(async (tx) => {
    const target = await lockTarget(tx, manager, userId);
    if (target.role === role) return;
    if (target.role === "owner") await assertAnotherOwner(tx, target.id);
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, target.id));
    await recordAdminAuditEvent(tx, manager.id, { action: "team.role_changed", targetType: "user", targetId: target.id, before: { email: target.email, role: target.role }, after: { email: target.email, role } });
  });
}

/** Takes someone off the team: they keep their crew account and lose the back office at their next request. */
export async function removeTeamMember(userId: string, manager: Manager): Promise<void> {
  await runTransaction(async (tx) => {
    const target = await lockTarget(tx, manager, userId);
    if (target.role === "owner") await assertAnotherOwner(tx, target.id);
    await tx.update(users).set({ role: "member", updatedAt: new Date() }).where(eq(users.id, target.id));
    await recordAdminAuditEvent(tx, manager.id, { action: "team.removed", targetType: "user", targetId: target.id, before: { email: target.email, role: target.role }, after: { email: target.email, role: "member" } });
  });
}
