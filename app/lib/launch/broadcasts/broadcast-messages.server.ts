import { and, eq, sql } from "drizzle-orm";
import { emailOutbox } from "../../../../db/schema";
import { db } from "~/lib/db.server";
import { retryDelaySeconds, MAX_ATTEMPTS, type ClaimedEmail } from "~/lib/email/outbox.server";

// A broadcast's messages in the outbox (ADR 0050): claimed at the site's pace, marked sent
// just before the mail server is told the message is complete.

export type BroadcastMessage = ClaimedEmail & { broadcastId: number; memberId: string };

type BroadcastMessageRow = {
  id: string | number;
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  template_data: unknown;
  attempts: number;
  rehearsal: boolean;
  broadcast_id: string | number;
  member_id: string;
};

/** The next message any sending broadcast may send now, leased to this process; null when each must wait. */
export async function claimBroadcastMessage(leaseSeconds: number, perMinute: number): Promise<BroadcastMessage | null> {
  const result = await db.execute<BroadcastMessageRow>(sql`
    select id, kind, to_address, reply_to, subject, html, text, template_data, attempts, rehearsal, broadcast_id, member_id
      from broadcast_claim(${leaseSeconds}, ${perMinute})`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    kind: row.kind,
    to: row.to_address,
    replyTo: row.reply_to,
    subject: row.subject,
    html: row.html,
    text: row.text,
    templateData: row.template_data,
    attempts: row.attempts,
    rehearsal: row.rehearsal === true,
    broadcastId: Number(row.broadcast_id),
    memberId: row.member_id,
  };
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
 * The mail server refused a message already marked sent (its answer came after the mark):
 * it is tried again later, or not at all when the refusal is for good or the last attempt.
 */
export async function reopenBroadcastMessage(message: Pick<BroadcastMessage, "id" | "attempts">, error: string, { isPermanent = false } = {}): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: isPermanent || message.attempts >= MAX_ATTEMPTS ? "failed" : "pending",
      sentAt: null,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(message.attempts)})`,
    })
    .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.attempts, message.attempts), eq(emailOutbox.status, "sent")));
}

/** A failed attempt at a message still leased to this process: tried again later, unless it was for good or the last. */
export async function failBroadcastMessage(message: Pick<BroadcastMessage, "id" | "attempts">, error: string, { isPermanent = false } = {}): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: isPermanent || message.attempts >= MAX_ATTEMPTS ? "failed" : "pending",
      lockedUntil: null,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(message.attempts)})`,
    })
    .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.attempts, message.attempts), eq(emailOutbox.status, "pending")));
}

/** A message whose member left the audience before it went (blocked since): not sent, not retried. */
export async function skipBroadcastMessage(message: Pick<BroadcastMessage, "id">, reason: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: "cancelled", lockedUntil: null, lastError: reason })
    .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.status, "pending")));
}
