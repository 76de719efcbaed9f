import { and, eq, sql } from "drizzle-orm";
import { emailOutbox } from "../../../../db/schema";
import { db } from "~/lib/db.server";
import { retryDelaySeconds, MAX_ATTEMPTS } from "~/lib/email/outbox.server";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";

// A broadcast's messages in the outbox (ADR 0050, 0068): claimed in batches at the site's
// pace with what each member's copy needs, marked sent in batches after the mail server
// accepted each one.

/** A claimed message with its member's values (broadcast_claim_batch, db/functions/broadcast_claim_batch.sql). */
export type ClaimedBroadcastMessage = {
  id: number;
  to: string;
  attempts: number;
  rehearsal: boolean;
  broadcastId: number;
  memberId: string;
  crewNameRoll: number;
  language: Language;
  points: number;
  referralsMade: number;
  referralCode: string;
  isParentConsented: boolean;
};

/** A member's values for their copy, as SQL gives them (the claim's row, the mailboxes' read). */
export type RecipientRow = {
  to_address: string;
  member_id: string;
  crew_name_roll: number;
  language: string;
  points: number;
  referrals_made: number;
  referral_code: string;
  is_parent_consented: boolean;
};

type ClaimRow = RecipientRow & { id: string | number; attempts: number; rehearsal: boolean; broadcast_id: string | number };

export type Recipient = Pick<ClaimedBroadcastMessage, "to" | "memberId" | "crewNameRoll" | "language" | "points" | "referralsMade" | "referralCode" | "isParentConsented">;

export const toRecipient = (row: RecipientRow): Recipient => ({
  to: row.to_address,
  memberId: row.member_id,
  crewNameRoll: Number(row.crew_name_roll),
  language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
  points: Number(row.points),
  referralsMade: Number(row.referrals_made),
  referralCode: row.referral_code,
  isParentConsented: row.is_parent_consented,
});

/**
 * The next messages one sending broadcast may send now (at most `limit`, at most a second of
 * the pace), leased to this process; blocked members' and suppressed addresses' messages are
 * settled in the same statement. Empty when each broadcast must wait or has nothing due.
 */
export async function claimBroadcastBatch(leaseSeconds: number, perMinute: number, limit: number): Promise<ClaimedBroadcastMessage[]> {
  const result = await db.execute<ClaimRow>(sql`select * from broadcast_claim_batch(${leaseSeconds}, ${perMinute}, ${limit})`);
  // In queue order (the function's sorts are off, so it holds to its index scans).
  const rows = result.rows.sort((a, b) => Number(a.id) - Number(b.id));
  return rows.map((row) => ({ ...toRecipient(row), id: Number(row.id), attempts: Number(row.attempts), rehearsal: row.rehearsal, broadcastId: Number(row.broadcast_id) }));
}

type Held = Pick<ClaimedBroadcastMessage, "id" | "attempts" | "rehearsal">;
/** The held messages as rows `m(id, attempts, rehearsal)` for an update to join on. */
const heldRows = (messages: readonly Held[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(messages.map(({ id, attempts, rehearsal }) => ({ id, attempts, rehearsal })))}::jsonb) as m(id bigint, attempts integer, rehearsal boolean)`;

/**
 * Records messages the mail server accepted, each on its own claim (the attempts count): a
 * message another process holds now, or one a rehearsal's end gave back to the queue, is left
 * alone. Returns how many were marked.
 */
export async function markBroadcastMessagesSent(messages: readonly Held[]): Promise<number> {
  if (messages.length === 0) return 0;
  const result = await db.execute(sql`
    update email_outbox o set status = 'sent', sent_at = now(), locked_until = null, last_error = null
      from ${heldRows(messages)}
     where o.id = m.id and o.attempts = m.attempts and o.rehearsal = m.rehearsal and o.status = 'pending'`);
  return result.rowCount ?? 0;
}

/** The heartbeat of a live sender: its messages in hand stay its own for another lease. */
export async function renewBroadcastLeases(messages: readonly Held[], leaseSeconds: number): Promise<void> {
  if (messages.length === 0) return;
  await db.execute(sql`
    update email_outbox o set locked_until = now() + make_interval(secs => ${leaseSeconds})
      from ${heldRows(messages)}
     where o.id = m.id and o.attempts = m.attempts and o.status = 'pending'`);
}

/** Messages claimed but not tried (the mail server asked to wait): free for any process at once, their attempt not counted. */
export async function giveBackBroadcastMessages(messages: readonly Held[]): Promise<void> {
  if (messages.length === 0) return;
  await db.execute(sql`
    update email_outbox o set locked_until = null, attempts = o.attempts - 1
      from ${heldRows(messages)}
     where o.id = m.id and o.attempts = m.attempts and o.status = 'pending'`);
}

/**
 * A failed attempt, on the message's own claim (the attempts count): tried again after a
 * back-off, or not at all when the refusal is for good or it was the last attempt.
 */
export async function failBroadcastMessage(message: Pick<ClaimedBroadcastMessage, "id" | "attempts">, error: string, { isPermanent = false } = {}): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: isPermanent || message.attempts >= MAX_ATTEMPTS ? "failed" : "pending",
      sentAt: null,
      lockedUntil: null,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(message.attempts)})`,
    })
    .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.attempts, message.attempts), eq(emailOutbox.status, "pending")));
}
