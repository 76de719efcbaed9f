import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../kernel/db.server";
import { emailHashOf } from "../email/suppression.server";
import { addressSubjectOf, rateLimitSubjectSql } from "../security/person-rate-limit.server";
import { tracesOf, type MemberTraces } from "./member-traces";

// Where the rows naming a member are, outside the rows keyed by their id: one definition
// for the export (which lists them) and the erasure (which removes or scrubs them), so the
// two cannot drift apart. A row is the member's because a column says so — their id, or one
// of their addresses, whole, in a column that holds an address — never because a longer
// text contains something of theirs (ADR 0059, superseding the matching of ADR 0045/0046).

const textArray = (values: readonly string[]): SQL => sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;
/** The member's addresses as a SQL text array, for `lower(column) = any(…)`. */
export const addressList = (traces: MemberTraces): SQL => textArray(traces.addresses);

/** How a row names the member: by their address alone, or also by their id (all but a change of address). */
export type NamedBy = { byId: boolean };

/**
 * E-mails to or for the member: marked as theirs, sent to one of their addresses, or a message
 * they wrote through the contact form (the only mail whose reply-to is a visitor's).
 */
export function outboxNames(traces: MemberTraces, { byId }: NamedBy = { byId: true }): SQL {
  return sql`(${byId ? sql`member_id = ${traces.memberId} or ` : sql``}lower(to_address) = any(${addressList(traces)})
    or (kind = 'contact' and lower(reply_to) = any(${addressList(traces)})))`;
}

/** Audit rows about the member: the app writes every change to a member with them as its target. */
export function auditNames(traces: MemberTraces): SQL {
  return sql`(target_type = 'member' and target_id = ${traces.memberId})`;
}

/** Webhook messages whose event names the member (webhook_messages.member_ids, db/functions/webhook_member_ids.sql). */
export function webhookNames(traces: MemberTraces): SQL {
  return sql`(member_ids @> array[${traces.memberId}]::uuid[])`;
}

/** The subjects the member's counters are keyed by: their id and keyed hashes of their addresses. */
export function rateLimitSubjects(traces: MemberTraces, { byId }: NamedBy = { byId: true }): string[] {
  const hashed = [...new Set(traces.identities.map((identity) => addressSubjectOf(emailHashOf(identity))))];
  return byId ? [traces.memberId, ...hashed] : hashed;
}

/** Rate-limit counters of the member: those whose subject is one of theirs, whole (person-rate-limit.server.ts). */
export function rateLimitNames(traces: MemberTraces, namedBy: NamedBy = { byId: true }): SQL {
  return sql`(${rateLimitSubjectSql} = any(${textArray(rateLimitSubjects(traces, namedBy))}))`;
}

/**
 * "This is not my child" refusals of one of the member's addresses (ADR 0062), found by the
 * keyed hash they are kept as. Listed by the export; an erasure leaves them to lapse.
 */
export function consentRefusalNames(traces: MemberTraces): SQL {
  return sql`(parent_subject = any(${textArray(rateLimitSubjects(traces, { byId: false }))}))`;
}

/** CSV import lines staged for one of the member's addresses. */
export function importRowNames(traces: MemberTraces): SQL {
  return sql`(identity = any(${textArray(traces.identities)}) or lower(email) = any(${addressList(traces)}))`;
}

/**
 * Pending sign-in links for one of the member's addresses. Better Auth keeps the link's
 * address in `value`, a JSON object it writes itself ({"email": …}); other kinds of
 * verification use the address as their identifier.
 */
export function verificationNames(traces: MemberTraces): SQL {
  return sql`(lower(identifier) = any(${addressList(traces)})
    or (case when left(value, 1) = '{' then lower(value::jsonb ->> 'email') end) = any(${addressList(traces)}))`;
}

/** A parent's pending consent requests from one of the member's addresses. */
export function consentRequestNames(traces: MemberTraces): SQL {
  return sql`(parent_identity = any(${textArray(traces.identities)}) or parent_email = any(${addressList(traces)}))`;
}

/**
 * The member's traces: their id and their contact address. A change of address waiting for
 * its link is not theirs yet: the export does not list what that address received, and an
 * erasure leaves it alone (the link they asked for is marked with their id).
 */
export async function loadMemberTraces(executor: Executor, memberId: string, { forUpdate = false } = {}): Promise<MemberTraces | null> {
  const lock = forUpdate ? sql` for update` : sql``;
  const [member] = (await executor.execute<{ id: string; email: string; email_identity: string }>(sql`select id, email, email_identity from waitlist_users where id = ${memberId}${lock}`)).rows;
  return member ? tracesOf({ id: member.id, email: member.email, emailIdentity: member.email_identity }) : null;
}

/**
 * The traces an erasure of this one membership may remove (ADR 0067). While another member
 * of the family holds the address — a sibling, or the grown-up's own membership — the
 * address and what names it are the family's: only what names this member's id goes.
 * The last membership of an address takes its address with it.
 */
export async function loadErasureTraces(executor: Executor, memberId: string): Promise<MemberTraces | null> {
  const [member] = (
    await executor.execute<{ id: string; email: string; email_identity: string; shares_address: boolean }>(sql`
      select m.id, m.email, m.email_identity,
             exists (select 1 from waitlist_users o where o.email_identity = m.email_identity and o.id <> m.id) as shares_address
        from waitlist_users m where m.id = ${memberId}`)
  ).rows;
  if (!member) return null;
  return member.shares_address ? { memberId: member.id, addresses: [], identities: [] } : tracesOf({ id: member.id, email: member.email, emailIdentity: member.email_identity });
}
