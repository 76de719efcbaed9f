import { createHmac } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { resolveAuthSecret } from "../auth/auth-secret.server";
import { getEnv } from "../../kernel/env.server";

// A rate-limit counter that counts one person is keyed `<what>:<which>:<subject>`, the
// subject being their member id or a keyed hash of their address — never the address, so a
// counter outlives a declined request or an erasure without naming anyone. Erasure and
// export find a person's counters by the subject alone, compared whole (ADR 0059).

export function personRateLimitKey(what: string, which: string, subject: string): string {
  return `${what}:${which}:${subject}`;
}

/**
 * The subject of an address's counters, from its identity hash (emailHashOf): keyed with the
 * app secret, so a counter cannot be tested against a list of addresses. From the hash, so the
 * unsubscribe link (which carries only the hash) counts the same person.
 */
export function addressSubjectOf(emailHash: string): string {
  return createHmac("sha256", resolveAuthSecret(getEnv())).update(`rate-limit-subject:${emailHash}`).digest("base64url").slice(0, 22);
}

/** A rate-limit key's subject in SQL: everything after its second colon. */
export const rateLimitSubjectSql: SQL = sql`substring(key from '^[^:]*:[^:]*:(.*)$')`;
