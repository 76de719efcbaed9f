import { and, eq, sql } from "drizzle-orm";
import { emailOutbox } from "../../../../db/schema";
import { db } from "~/lib/db.server";
import { retryDelaySeconds, MAX_ATTEMPTS, toClaimedEmail, type ClaimedEmail, type ClaimedEmailRow } from "~/lib/email/outbox.server";

// A broadcast's messages in the outbox (ADR 0050): claimed at the site's pace, marked sent
// just before the mail server is told the message is complete.

export type BroadcastMessage = ClaimedEmail & { broadcastId: number; memberId: string };

type BroadcastMessageRow = ClaimedEmailRow & { broadcast_id: string | number; member_id: string };

/** The next message any sending broadcast may send now, leased to this process; null when each must wait. */
export async function claimBroadcastMessage(leaseSeconds: number, perMinute: number): Promise<BroadcastMessage | null> {
  const result = await db.execute<BroadcastMessageRow>(sql`
    select id, kind, to_address, reply_to, subject, html, text, template_data, attempts, rehearsal, broadcast_id, member_id
      from broadcast_claim(${leaseSeconds}, ${perMinute})`);
  const row = result.rows[0];
  return row ? { ...toClaimedEmail(row), broadcastId: Number(row.broadcast_id), memberId: row.member_id } : null;
}

/**
 * Records the message as sent while its lease is still this process's (the attempts count
 * names the claim). False when another process holds it now: this one must not send it.
 * Also false for one claimed in a rehearsal that the rehearsal's end gave back to the queue
 * meanwhile: it is still to be sent (ADR 0051).
 */
export async function markBroadcastMessageSent(message: Pick<BroadcastMessage, "id" | "attempts" | "rehearsal">): Promise<boolean> {
  const marked = await db
    .update(emailOutbox)
    .set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.attempts, message.attempts), eq(emailOutbox.status, "pending"), eq(emailOutbox.rehearsal, message.rehearsal)))
    .returning({ id: emailOutbox.id });
  return marked.length === 1;
}

/**
 * A failed attempt, on the message's own claim (the attempts count): tried again after a
 * back-off, or not at all when the refusal is for good or it was the last attempt. `wasMarked`:
 * the mail server refused it after it was marked sent (its answer came after the mark).
 */
export async function failBroadcastMessage(message: Pick<BroadcastMessage, "id" | "attempts">, error: string, { isPermanent = false, wasMarked = false } = {}): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: isPermanent || message.attempts >= MAX_ATTEMPTS ? "failed" : "pending",
      sentAt: null,
      lockedUntil: null,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(message.attempts)})`,
    })
    .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.attempts, message.attempts), eq(emailOutbox.status, wasMarked ? "sent" : "pending")));
}

/** A message whose member left the audience before it went (blocked since): not sent, not retried. */
export async function skipBroadcastMessage(message: Pick<BroadcastMessage, "id">, reason: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: "cancelled", lockedUntil: null, lastError: reason })
    .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.status, "pending")));
}
