import { sql, type SQL } from "drizzle-orm";
import { containsPattern } from "../db/contains-pattern";
import { underAgeKeyOfIdentity } from "../consent/age-memory.server";
import { parentRateLimitKey } from "../consent/consent-requests.server";
import type { Executor } from "../db.server";
import { emailHashOf } from "../email/suppression.server";
import { tracesOf, type MemberTraces } from "./member-traces";

// Where the rows naming a member are, outside the rows keyed by their id: one definition
// for the export (which lists them) and the erasure (which removes or scrubs them), so the
// two cannot drift apart (ADR 0045).

/** A text expression holding any of the member's traces (address, identity, local parts). */
export function textNames(expression: SQL, traces: MemberTraces): SQL {
  return sql`(${sql.join(
    traces.needles.map((needle) => sql`${expression} ilike ${containsPattern(needle)}`),
    sql` or `,
  )})`;
}

/** A text expression holding the member's traces or their id. */
export function textNamesOrId(expression: SQL, traces: MemberTraces): SQL {
  return sql`(${textNames(expression, traces)} or ${expression} like ${containsPattern(traces.memberId)})`;
}

/** How a row names the member: by their address's traces alone, or also by their id (all but a change of address). */
export type NamedBy = { byId: boolean };

/** E-mails to or about the member (to one of their addresses or marked as theirs, replying to them, or with their address in the body or the queued data). */
export function outboxNames(traces: MemberTraces, { byId }: NamedBy = { byId: true }): SQL {
  const queued = byId ? textNamesOrId(sql`coalesce(template_data::text, '')`, traces) : textNames(sql`coalesce(template_data::text, '')`, traces);
  return sql`(${byId ? sql`member_id = ${traces.memberId} or ` : sql``}lower(to_address) in (${sql.join(traces.addresses.map((address) => sql`${address}`), sql`, `)}) or ${textNames(sql`coalesce(reply_to, '')`, traces)}
    or ${textNames(sql`subject`, traces)} or ${textNames(sql`html`, traces)} or ${textNames(sql`text`, traces)}
    or ${queued})`;
}

/** Audit rows about the member: aimed at them, or with their traces in the values or the actor's name. */
export function auditNames(traces: MemberTraces, { byId }: NamedBy = { byId: true }): SQL {
  return sql`(${byId ? sql`(target_type = 'member' and target_id = ${traces.memberId}) or ` : sql``}${textNames(sql`coalesce(before::text, '')`, traces)}
    or ${textNames(sql`coalesce(after::text, '')`, traces)} or ${textNames(sql`actor_name`, traces)})`;
}

/** Rate-limit keys made from a hash of the address: a parent's consent requests, unsubscribe links, an age answer under the consent age. */
function hashedRateLimitKeys(traces: MemberTraces): string[] {
  return [parentRateLimitKey(traces.identity), `unsubscribe:token:${emailHashOf(traces.identity)}`, underAgeKeyOfIdentity(traces.identity)];
}

/** Rate-limit counters derived from the member: keyed by their address (sign-in), its hash, or their id (crew names, privacy requests). */
export function rateLimitNames(traces: MemberTraces, { byId }: NamedBy = { byId: true }): SQL {
  const hashed = sql.join(hashedRateLimitKeys(traces).map((key) => sql`${key}`), sql`, `);
  return sql`(${textNames(sql`key`, traces)} or ${byId ? sql`key like ${containsPattern(traces.memberId)} or ` : sql``}key in (${hashed}))`;
}

/** CSV import lines staged for the member's address. */
export function importRowNames(traces: MemberTraces): SQL {
  return sql`(identity = ${traces.identity} or ${textNames(sql`email`, traces)})`;
}

/** The member's own row and their pending change of address: the addresses that are theirs. */
export async function loadMemberTraces(executor: Executor, memberId: string, { forUpdate = false } = {}): Promise<MemberTraces | null> {
  const lock = forUpdate ? sql` for update` : sql``;
  const [member] = (await executor.execute<{ id: string; email: string; email_identity: string }>(sql`select id, email, email_identity from waitlist_users where id = ${memberId}${lock}`)).rows;
  if (!member) return null;
  const pending = (await executor.execute<{ new_email: string }>(sql`select new_email from address_changes where member_id = ${memberId}`)).rows;
  return tracesOf({ id: member.id, email: member.email, emailIdentity: member.email_identity }, pending.map((row) => row.new_email));
}

/** Pending sign-in links (Better Auth stores the address in the value). */
export function verificationNames(traces: MemberTraces): SQL {
  return sql`(${textNames(sql`value`, traces)} or ${textNames(sql`identifier`, traces)})`;
}
