import { sql } from "drizzle-orm";
import { db } from "../../kernel/db.server";
import { emailHashOf } from "../email/suppression.server";
import { addressSubjectOf, personRateLimitKey } from "../security/person-rate-limit.server";
import { consumeRateLimit } from "../security/rate-limit.server";
import { emailIdentity } from "../waitlist/email-identity";
import { normaliseEmail } from "../waitlist/email";
import { AGE_PASS_SECONDS } from "./age-pass.server";

// The age answer sticks to the address too, not only to the device (ADR 0061): an address
// answered "under the consent age" on any way in (the form, the embed, the API, the prize
// claim) stays under for the age pass's day whatever year comes next, whichever way it
// comes. Kept as a counter in rate_limits under a keyed hash of the person behind the address
// (case, "+tag", gmail dots: email-identity.ts) as a person's counters are (ADR 0059): never
// the birth date, never the address; the purge deletes it two days on, export and erasure
// find it by its subject.

/** The rate_limits key that remembers an address answered under the consent age, from its identity. */
export function underAgeKeyOfIdentity(identity: string): string {
  return personRateLimitKey("age", "under", addressSubjectOf(emailHashOf(identity)));
}

/** The key for an address (any spelling of the same person). */
export function underAgeKeyOf(email: string): string {
  return underAgeKeyOfIdentity(emailIdentity(normaliseEmail(email)));
}

/** Remembers for a day that this address answered under the consent age. */
export async function rememberUnderAgeAnswer(email: string): Promise<void> {
  await consumeRateLimit(underAgeKeyOf(email), { limit: 1_000_000, windowSeconds: AGE_PASS_SECONDS });
}

/** Whether this address answered under the consent age in the last day. */
export async function isUnderAgeRemembered(email: string): Promise<boolean> {
  const result = await db.execute<{ one: number }>(
    sql`select 1 as one from rate_limits where key = ${underAgeKeyOf(email)} and window_started_at > now() - make_interval(secs => ${AGE_PASS_SECONDS})`,
  );
  return result.rows.length > 0;
}
