import { createHash, randomBytes } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { addressChanges, sessions, users, waitlistUsers } from "../../../db/schema";
import { recordAuditEvent } from "../audit/audit.server";
import { db, runTransaction, type Transaction } from "../../kernel/db.server";
import { isUniqueViolation } from "../../kernel/db/unique-violation";
import { serverNow } from "../dev/test-clock.server";
import { enqueueEmail } from "../email/outbox.server";
import { getEnv } from "../../kernel/env.server";
import { AppError } from "../../kernel/errors";
import { appErrorWithValues } from "../i18n/error-messages.server";
import { FRESH_SIGN_IN_MINUTES, isFreshSignIn } from "../privacy/privacy-request.server";
import { consumeRateLimits } from "../security/rate-limit.server";
import { forgetAddress } from "../privacy/forget-address.server";
import { tracesOf } from "../privacy/member-traces";
import { getSiteSettings } from "../settings/settings.server";
import { enqueueWebhookEvent } from "../webhooks/enqueue.server";
import { normaliseEmail } from "../waitlist/email";
import { emailIdentity } from "../waitlist/email-identity";
import { confirmMemberEmail } from "../waitlist/members.server";
import { isThrowawayAddress, THROWAWAY_ADDRESS_MESSAGE } from "../waitlist/throwaway-domains.server";
import { i18nFor } from "../i18n/catalogs.server";
import { memberLanguage } from "../waitlist/member-language.server";
import { renderAddressChangeConfirmation, renderAddressChangedNotice } from "./address-change-emails";
import {
  ADDRESS_CHANGE_FRESH_SIGN_IN_MESSAGE,
  ADDRESS_CHANGE_LIMIT_MESSAGE,
  ADDRESS_CHANGE_LINK_HOURS,
  ADDRESS_CHANGES_PER_DAY,
  ADDRESS_CHANGES_PER_HOUR,
  SAME_ADDRESS_MESSAGE,
} from "./address-change-rules";

function tokenHashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function isTokenShape(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}

/**
 * What names the old address goes once it is no longer theirs (ADR 0046, matched as ADR 0059
 * says): e-mails sent there, pending sign-in links, counters keyed by it, and its whole values
 * in the audit rows and webhook messages about the member (but not the member's own rows).
 */
async function forgetOldAddress(tx: Transaction, member: { id: string; email: string }, newEmail: string): Promise<void> {
  const old = tracesOf({ id: member.id, email: member.email, emailIdentity: emailIdentity(member.email) });
  const kept = tracesOf({ id: member.id, email: newEmail, emailIdentity: emailIdentity(newEmail) });
  const isOld = (address: string) => !kept.addresses.includes(address);
  await forgetAddress(tx, { ...old, addresses: old.addresses.filter(isOld), identities: old.identities.filter(isOld) }, { byId: false });
}

async function isAddressTaken(executor: Pick<typeof db, "select">, newEmail: string, memberId: string): Promise<boolean> {
  const [member] = await executor
    .select({ id: waitlistUsers.id })
    .from(waitlistUsers)
    .where(and(eq(waitlistUsers.emailIdentity, emailIdentity(newEmail)), ne(waitlistUsers.id, memberId)));
  const [account] = await executor.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
  return member !== undefined || account !== undefined;
}

/**
 * A member asks to use another contact address (issue 29, correction): nothing changes
 * until the link sent to the new address is followed, so nobody can move a membership to
 * an address they cannot read. Refused for the same address or a throwaway domain; like
 * export and erasure it needs a fresh sign-in (a borrowed, left-open browser is not
 * enough), and it is limited per member. Whether the new address already has a membership
 * is never said (issue 37: that would be an unlimited lookup of who is a member or on the
 * team): past the limit, a taken address answers as any other, and nothing is stored or sent.
 */
export async function requestAddressChange(member: { id: string; email: string }, newAddress: string, request: { sessionId: string }): Promise<void> {
  const newEmail = normaliseEmail(newAddress);
  if (emailIdentity(newEmail) === emailIdentity(member.email)) throw new AppError("INVALID_INPUT", SAME_ADDRESS_MESSAGE);
  const lists = await getSiteSettings(["emailDomainBlocklist", "emailDomainAllowlist"]);
  if (isThrowawayAddress(newEmail, { blocked: lists.emailDomainBlocklist, allowed: lists.emailDomainAllowlist })) {
    throw new AppError("INVALID_INPUT", THROWAWAY_ADDRESS_MESSAGE);
  }
  if (!(await isFreshSignIn(request.sessionId))) throw appErrorWithValues("FORBIDDEN", ADDRESS_CHANGE_FRESH_SIGN_IN_MESSAGE, { minutes: FRESH_SIGN_IN_MINUTES });
  const limited = await consumeRateLimits([
    { key: `address-change:hour:${member.id}`, rule: ADDRESS_CHANGES_PER_HOUR },
    { key: `address-change:day:${member.id}`, rule: ADDRESS_CHANGES_PER_DAY },
  ]);
  if (!limited.allowed) throw new AppError("RATE_LIMITED", ADDRESS_CHANGE_LIMIT_MESSAGE);
  if (await isAddressTaken(db, newEmail, member.id)) return;

  const token = randomBytes(32).toString("base64url");
  const { SITE_NAME, origin } = getEnv();
  await runTransaction(async (tx) => {
    // One pending change at a time: a new request replaces the last one's link.
    await tx.delete(addressChanges).where(eq(addressChanges.memberId, member.id));
    await tx.insert(addressChanges).values({
      tokenHash: tokenHashOf(token),
      memberId: member.id,
      newEmail,
      requestedAt: sql`${serverNow()}`,
      expiresAt: sql`${serverNow()} + make_interval(hours => ${ADDRESS_CHANGE_LINK_HOURS})`,
    });
    const confirmUrl = `${origin}/confirm-address?${new URLSearchParams({ token })}`;
    const email = renderAddressChangeConfirmation({ i18n: i18nFor(await memberLanguage(member.id, tx)), siteName: SITE_NAME, confirmUrl, hours: ADDRESS_CHANGE_LINK_HOURS });
    // Marked as the member's: it is their request, so their erasure takes it (the address is not theirs yet).
    await enqueueEmail({ kind: "address_change", to: newEmail, subject: email.subject, html: email.html, text: email.text, memberId: member.id }, tx);
  });
}

/** Whether a confirmation link still names a pending change (opening the page changes nothing). */
export async function isPendingAddressChange(token: unknown): Promise<boolean> {
  if (!isTokenShape(token)) return false;
  const [row] = await db
    .select({ memberId: addressChanges.memberId })
    .from(addressChanges)
    .where(and(eq(addressChanges.tokenHash, tokenHashOf(token)), sql`${addressChanges.expiresAt} > ${serverNow()}`));
  return row !== undefined;
}

export type AddressChangeOutcome = "changed" | "taken" | "unknown";

/**
 * The link's post, once: the membership, the rest of its family (ADR 0067) and its sign-in account move to the new address,
 * which is thereby confirmed; the old address is told. Every other session of the member
 * ends (issue 37: whoever had a browser signed in as them is out); `keepSessionId`, the
 * confirming browser's own, stays. Audited without either address; integrations hear
 * `member.email_changed`.
 */
export async function confirmAddressChange(token: unknown, { keepSessionId }: { keepSessionId?: string | null } = {}): Promise<AddressChangeOutcome> {
  if (!isTokenShape(token)) return "unknown";
  try {
    const changed = await runTransaction(async (tx) => {
      const [change] = await tx
        .delete(addressChanges)
        .where(and(eq(addressChanges.tokenHash, tokenHashOf(token)), sql`${addressChanges.expiresAt} > ${serverNow()}`))
        .returning();
      if (!change) return "unknown" as const;
      const [member] = await tx
        .select({ id: waitlistUsers.id, email: waitlistUsers.email, confirmedEmail: waitlistUsers.confirmedEmail, language: waitlistUsers.language })
        .from(waitlistUsers)
        .where(eq(waitlistUsers.id, change.memberId))
        .for("update");
      if (!member) return "unknown" as const;
      if (await isAddressTaken(tx, change.newEmail, member.id)) return "taken" as const;
      // The family moves together (ADR 0067): every membership the old address holds.
      const family = await tx
        .update(waitlistUsers)
        .set({ email: change.newEmail, emailIdentity: emailIdentity(change.newEmail), updatedAt: sql`now()` })
        .where(eq(waitlistUsers.emailIdentity, emailIdentity(member.email)))
        .returning({ id: waitlistUsers.id });
      const moved = await tx.update(users).set({ email: change.newEmail, emailVerified: true, updatedAt: sql`now()` }).where(eq(users.email, member.email)).returning({ id: users.id });
      for (const account of moved) {
        await tx.delete(sessions).where(and(eq(sessions.userId, account.id), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
      }
      // The old address is no longer theirs: what names it goes first; the notice to it below
      // is marked as the member's, so an erasure takes it too.
      for (const moved of family) {
        await forgetOldAddress(tx, { id: moved.id, email: member.email }, change.newEmail);
        await recordAuditEvent(tx, { kind: "system", name: "member's own change" }, { action: "member.address_changed", targetType: "member", targetId: moved.id });
        await enqueueWebhookEvent(tx, "member.email_changed", { memberId: moved.id, email: change.newEmail });
      }
      const { SITE_NAME, CONTACT_EMAIL } = getEnv();
      const notice = renderAddressChangedNotice({ i18n: i18nFor(member.language), siteName: SITE_NAME, contactEmail: CONTACT_EMAIL });
      await enqueueEmail(
        { kind: "address_changed", to: member.email, replyTo: CONTACT_EMAIL, subject: notice.subject, html: notice.html, text: notice.text, memberId: member.id },
        tx,
      );
      return { memberId: member.id, wasConfirmed: member.confirmedEmail };
    });
    if (typeof changed === "string") return changed;
    // The link proved the new address: a member who had not confirmed the old one is confirmed
    // now, with what confirming brings (a pending referral's credit).
    if (!changed.wasConfirmed) await confirmMemberEmail(changed.memberId);
    return "changed";
  } catch (error) {
    // Someone joined with the new address between the check and the update.
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
}
