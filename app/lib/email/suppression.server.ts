import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { emailSuppressions, waitlistUsers } from "../../../db/schema";
import { recordAuditEvent } from "../audit/audit.server";
import { db, type Executor } from "../../kernel/db.server";
import { getEnv } from "../../kernel/env.server";
import { networkKeyOf } from "../security/client-network.server";
import { consumeRateLimit, type RateLimitRule } from "../security/rate-limit.server";
import { addressSubjectOf, personRateLimitKey } from "../security/person-rate-limit.server";
import { openToken, sealToken } from "../security/signed-token.server";
import { emailIdentity } from "../waitlist/email-identity";
import type { EmailStatus, SuppressionReason } from "./email-status-label";

// The suppression list and the unsubscribe link (ADR 0044).

export type { EmailStatus, SuppressionReason } from "./email-status-label";

const PURPOSE = "unsubscribe";
const HASH = /^[0-9a-f]{64}$/;

/**
 * The key of an address on the suppression list: SHA-256 (hex) of its identity, so
 * "Ada+news@Example.com" and "ada@example.com" are one entry. Unkeyed on purpose: rotating
 * the app secret must not subscribe anyone again (the SQL twin is emailHashSql).
 */
export function emailHashOf(address: string): string {
  return createHash("sha256").update(emailIdentity(address), "utf8").digest("hex");
}

/** emailHashOf in SQL, over a column that already holds an identity (waitlist_users.email_identity). */
export const emailHashSql = (identityColumn: unknown) => sql`encode(sha256(convert_to(${identityColumn}, 'UTF8')), 'hex')`;

/** A member's e-mail status for the admin screens: 'subscribed' unless their address is suppressed. */
export const memberEmailStatusSql = sql<EmailStatus>`coalesce((select s.reason from email_suppressions s where s.email_hash = ${emailHashSql(waitlistUsers.emailIdentity)}), 'subscribed')`;

/** The unsubscribe link for one address: the address's hash, signed; it never expires. */
export function unsubscribeUrl(address: string): string {
  return `${getEnv().origin}/unsubscribe?${new URLSearchParams({ token: sealToken(PURPOSE, emailHashOf(address)) })}`;
}

/** The address hash an unsubscribe token names, or null when we did not make it. */
export function emailHashOfUnsubscribeToken(token: unknown): string | null {
  const hash = openToken(PURPOSE, token);
  return hash && HASH.test(hash) ? hash : null;
}

/** Why an address gets no optional e-mail, or null when it does. */
export async function getSuppression(address: string, executor: Executor = db): Promise<SuppressionReason | null> {
  const [row] = await executor.select({ reason: emailSuppressions.reason }).from(emailSuppressions).where(eq(emailSuppressions.emailHash, emailHashOf(address)));
  return row?.reason ?? null;
}

/** Why each of `addresses` that is suppressed gets no optional e-mail, by its hash (emailHashOf): one read for a batch. */
export async function listSuppressions(addresses: readonly string[], executor: Executor = db): Promise<Map<string, SuppressionReason>> {
  if (addresses.length === 0) return new Map();
  const hashes = [...new Set(addresses.map(emailHashOf))];
  const rows = await executor.select({ emailHash: emailSuppressions.emailHash, reason: emailSuppressions.reason }).from(emailSuppressions).where(inArray(emailSuppressions.emailHash, hashes));
  return new Map(rows.map((row) => [row.emailHash, row.reason]));
}

/** Puts an address hash on the list; the first reason stays. True when it was not on it yet. */
export async function suppressEmailHash(emailHash: string, reason: SuppressionReason, executor: Executor = db): Promise<boolean> {
  const added = await executor.insert(emailSuppressions).values({ emailHash, reason }).onConflictDoNothing().returning({ emailHash: emailSuppressions.emailHash });
  return added.length === 1;
}

/** A link that names no address of ours: counted per network, so nobody can try tokens by the thousand. */
export const UNSUBSCRIBE_FAILURE_LIMIT: RateLimitRule = { limit: 20, windowSeconds: 10 * 60 };
/** A good link posted again and again (it changes nothing after the first time). */
export const UNSUBSCRIBE_TOKEN_LIMIT: RateLimitRule = { limit: 20, windowSeconds: 60 * 60 };

export type UnsubscribeOutcome = "unsubscribed" | "already" | "invalid" | "rate_limited";

/**
 * What the unsubscribe page and the one-click POST (RFC 8058) do: the token is the only
 * authority (no cookie, no session). Audited without the address or its hash.
 */
export async function unsubscribeByToken(token: unknown, { clientIp, via }: { clientIp: string; via: "one_click" | "page" }): Promise<UnsubscribeOutcome> {
  const emailHash = emailHashOfUnsubscribeToken(token);
  if (!emailHash) {
    const limited = await consumeRateLimit(`unsubscribe:failure:${networkKeyOf(clientIp)}`, UNSUBSCRIBE_FAILURE_LIMIT);
    return limited.allowed ? "invalid" : "rate_limited";
  }
  const limited = await consumeRateLimit(personRateLimitKey("unsubscribe", "token", addressSubjectOf(emailHash)), UNSUBSCRIBE_TOKEN_LIMIT);
  if (!limited.allowed) return "rate_limited";
  return db.transaction(async (tx) => {
    if (!(await suppressEmailHash(emailHash, "unsubscribed", tx))) return "already";
    await recordAuditEvent(tx, { kind: "system", name: "unsubscribe link" }, { action: "email.unsubscribed", targetType: "email_suppression", after: { via } });
    return "unsubscribed";
  });
}

/** Whether the address a valid token names is already on the list (the page says so before the button). */
export async function isUnsubscribeTokenSuppressed(emailHash: string): Promise<boolean> {
  const [row] = await db.select({ reason: emailSuppressions.reason }).from(emailSuppressions).where(eq(emailSuppressions.emailHash, emailHash));
  return Boolean(row);
}

/**
 * A signed-in member turns optional e-mail off or on again from the dashboard. On again
 * lifts any reason, a bounce too: the sign-in they just used proves the address takes
 * mail now. Audited without the address; false when nothing changed.
 */
export async function setOwnOptionalEmails(address: string, wanted: boolean): Promise<boolean> {
  const emailHash = emailHashOf(address);
  return db.transaction(async (tx) => {
    const changed = wanted
      ? (await tx.delete(emailSuppressions).where(eq(emailSuppressions.emailHash, emailHash)).returning({ emailHash: emailSuppressions.emailHash })).length > 0
      : await suppressEmailHash(emailHash, "unsubscribed", tx);
    if (changed) {
      await recordAuditEvent(tx, { kind: "system", name: "member's dashboard" }, { action: wanted ? "email.resubscribed" : "email.unsubscribed", targetType: "email_suppression", after: { via: "dashboard" } });
    }
    return changed;
  });
}
