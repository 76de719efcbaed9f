import { and, desc, eq, sql } from "drizzle-orm";
import { emailOutbox } from "../../../db/schema";
import { db, type Executor } from "../db.server";

export type OutgoingEmail = {
  kind: "magic_link" | "welcome" | "contact" | "template_test" | "season_winner" | "webhook_disabled" | "team_invite";
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
};

export type ClaimedEmail = {
  id: number;
  kind: string;
  to: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  attempts: number;
};

export const MAX_ATTEMPTS = 10;
/** How long a claimed message stays with its worker unless the worker extends it. */
export const LEASE_SECONDS = 120;
const wakeListeners = new Set<() => void>();

/** Accepts a message for delivery. Pass a transaction to make it part of a larger write. */
export async function enqueueEmail(message: OutgoingEmail, executor: Executor = db): Promise<number> {
  const [row] = await executor
    .insert(emailOutbox)
    .values({
      kind: message.kind,
      toAddress: message.to,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      html: message.html,
      text: message.text,
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error("outbox insert returned no row");
  wakeEmailSender();
  return row.id;
}

/** Tells this process's sender that a message was queued (by enqueueEmail or in SQL). */
export function wakeEmailSender(): void {
  for (const wake of wakeListeners) wake();
}

export function onEmailEnqueued(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

/** 10 s, 30 s, 1.5 min, … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 10 * 3 ** Math.max(0, attempts - 1));
}

/**
 * Leases due messages to this worker. A lease that runs out (the process died
 * mid-send) makes the message due again: delivery is at least once.
 */
export async function claimDueEmails(limit = 10, leaseSeconds = LEASE_SECONDS): Promise<ClaimedEmail[]> {
  const result = await db.execute<{
    id: string | number;
    kind: string;
    to_address: string;
    reply_to: string | null;
    subject: string;
    html: string;
    text: string;
    attempts: number;
  }>(sql`
    update email_outbox
       set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
     where id in (
       select id from email_outbox
        where status = 'pending' and next_attempt_at <= now()
          and (locked_until is null or locked_until <= now())
        order by id
        limit ${limit}
        for update skip locked)
    returning id, kind, to_address, reply_to, subject, html, text, attempts`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    to: row.to_address,
    replyTo: row.reply_to,
    subject: row.subject,
    html: row.html,
    text: row.text,
    attempts: row.attempts,
  }));
}

/**
 * Keeps a message leased to the worker still sending it. `attempts` identifies the
 * claim: a message another worker claimed since (its lease ran out) is left alone.
 */
export async function extendLease(message: Pick<ClaimedEmail, "id" | "attempts">, leaseSeconds = LEASE_SECONDS): Promise<boolean> {
  const updated = await db
    .update(emailOutbox)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.attempts, message.attempts), eq(emailOutbox.status, "pending")))
    .returning({ id: emailOutbox.id });
  return updated.length === 1;
}

/** Marks a message sent; only the first call for a message counts. */
export async function markEmailSent(id: number, { forgetBody }: { forgetBody: boolean }): Promise<boolean> {
  const updated = await db
    .update(emailOutbox)
    .set({
      status: "sent",
      sentAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
      ...(forgetBody ? { html: "", text: "", replyTo: null } : {}),
    })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "pending")))
    .returning({ id: emailOutbox.id });
  return updated.length === 1;
}

export async function markEmailFailed(id: number, attempts: number, error: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      lockedUntil: null,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
      status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
    })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "pending")));
}

export type MailboxEntry = {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: string;
  createdAt: Date;
};

/** The dev mailbox's list, newest first. */
export async function listMailbox(limit = 100): Promise<MailboxEntry[]> {
  return db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.id))
    .limit(limit);
}

export async function getMailboxMessage(id: number) {
  const [message] = await db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      to: emailOutbox.toAddress,
      replyTo: emailOutbox.replyTo,
      subject: emailOutbox.subject,
      html: emailOutbox.html,
      text: emailOutbox.text,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id));
  return message ?? null;
}
