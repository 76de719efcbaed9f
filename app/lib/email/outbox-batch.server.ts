import { sql } from "drizzle-orm";
import { db } from "../../kernel/db.server";
import { log } from "../../kernel/log.server";
import type { RenderedEmail } from "./queued-render.server";

// Statements on a batch of claimed outbox messages, each row on its own claim (the attempts
// count): a message another process claimed since, or one a rehearsal's end gave back to
// the queue, is left alone. The bulk lane's and the broadcasts' (ADR 0068, 0069).

/** A claimed message as the batch statements know it. */
export type HeldEmail = { id: number; attempts: number; rehearsal: boolean };

/** Messages this process holds, renewed by the heartbeat until marked or given back. */
export type HeldEmails = Set<HeldEmail>;

/** The held messages as rows `m(id, attempts, rehearsal, …)` for an update to join on. */
const heldRows = (messages: readonly HeldEmail[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(messages.map(({ id, attempts, rehearsal }) => ({ id, attempts, rehearsal })))}::jsonb) as m(id bigint, attempts integer, rehearsal boolean)`;

/** A message the mail server accepted, with what it was sent as when it was rendered on the way out. */
export type SentEmail = HeldEmail & { rendered?: RenderedEmail };

/** Records, in one statement, messages the mail server accepted (or a rehearsal kept); returns how many were marked. */
export async function markEmailsSent(messages: readonly SentEmail[]): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = messages.map(({ id, attempts, rehearsal, rendered }) => ({ id, attempts, rehearsal, ...rendered }));
  const result = await db.execute(sql`
    update email_outbox o
       set status = 'sent', sent_at = now(), locked_until = null, last_error = null,
           template_data = case when m.html is null then o.template_data end,
           subject = coalesce(m.subject, o.subject), html = coalesce(m.html, o.html), text = coalesce(m.text, o.text)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as m(id bigint, attempts integer, rehearsal boolean, subject text, html text, text text)
     where o.id = m.id and o.attempts = m.attempts and o.rehearsal = m.rehearsal and o.status = 'pending'`);
  return result.rowCount ?? 0;
}

/**
 * Holds a claimed batch while `send` hands it over (the heartbeat renews it meanwhile), then
 * lets go of it whatever happened: out of the heartbeat's hands even if the mark fails (the
 * database went away), so their lease runs out and they go again rather than being renewed
 * for ever, and what `send` put in `accepted` marked sent in one statement. Returns how many
 * were marked.
 */
export async function sendHeldBatch(batch: readonly HeldEmail[], held: HeldEmails, send: (accepted: SentEmail[]) => Promise<void>): Promise<number> {
  for (const message of batch) held.add(message);
  const accepted: SentEmail[] = [];
  let marked: number;
  try {
    await send(accepted);
  } finally {
    for (const message of batch) held.delete(message);
    // Even when the rest went wrong: these reached the mail server.
    marked = await markEmailsSent(accepted);
  }
  return marked;
}

/** Optional messages to suppressed addresses (ADR 0044), in one statement: never sent, bodies dropped. */
export async function markEmailsSuppressed(messages: readonly (HeldEmail & { reason: string })[]): Promise<void> {
  if (messages.length === 0) return;
  const rows = messages.map(({ id, attempts, reason }) => ({ id, attempts, reason }));
  await db.execute(sql`
    update email_outbox o
       set status = 'suppressed', locked_until = null, last_error = 'suppressed: ' || m.reason, html = '', text = '', template_data = null
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as m(id bigint, attempts integer, reason text)
     where o.id = m.id and o.attempts = m.attempts and o.status = 'pending'`);
}

/** The heartbeat of a live sender: its messages in hand stay its own for another lease. */
export async function renewEmailLeases(messages: readonly HeldEmail[], leaseSeconds: number): Promise<void> {
  if (messages.length === 0) return;
  await db.execute(sql`
    update email_outbox o set locked_until = now() + make_interval(secs => ${leaseSeconds})
      from ${heldRows(messages)}
     where o.id = m.id and o.attempts = m.attempts and o.status = 'pending'`);
}

/** Messages claimed but not tried (the mail server asked to wait, or the process stops): free for any process at once, their attempt not counted. */
export async function giveBackEmails(messages: readonly HeldEmail[]): Promise<void> {
  if (messages.length === 0) return;
  await db.execute(sql`
    update email_outbox o set locked_until = null, attempts = o.attempts - 1
      from ${heldRows(messages)}
     where o.id = m.id and o.attempts = m.attempts and o.status = 'pending'`);
}

/** Renews the leases of `held` every third of a lease until stopped. */
export function startLeaseHeartbeat(held: HeldEmails, leaseSeconds: number, what: string): () => void {
  const heartbeat = setInterval(() => {
    renewEmailLeases([...held], leaseSeconds).catch((error: unknown) =>
      log.warn(`could not renew the ${what} leases`, { reason: error instanceof Error ? error.message : String(error) }),
    );
  }, (leaseSeconds * 1000) / 3);
  return () => clearInterval(heartbeat);
}
