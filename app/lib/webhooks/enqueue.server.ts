import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { db, type Executor } from "../db.server";
import { AppError } from "../errors";
import { isUuid } from "../uuid";
import { TEST_EVENT, type WebhookEvent } from "./events";

const wakeListeners = new Set<() => void>();
export function onWebhookQueued(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

const newMessageId = () => `msg_${randomUUID().replaceAll("-", "")}`;

/**
 * Queues an event for every enabled endpoint subscribed to it, in one statement. Pass the
 * transaction that makes the change, so the event exists exactly when the change does.
 */
export async function enqueueWebhookEvent(executor: Executor, type: WebhookEvent, data: Record<string, unknown>, at = new Date()): Promise<void> {
  // webhook_enqueue (db/migrations/0012, PL/pgSQL since 0013) is also called by the sign-up's own SQL.
  await executor.execute(sql`select webhook_enqueue(${type}, ${JSON.stringify(data)}::jsonb, ${at.toISOString()}::timestamptz)`);
  wakeWebhookSender();
}

/** Tells this process's sender that messages were queued (by enqueueWebhookEvent or in SQL). */
export function wakeWebhookSender(): void {
  for (const wake of wakeListeners) wake();
}

/** "Send test event": one webhook.test message to this endpoint, enabled or not. */
export async function sendTestEvent(endpointId: string): Promise<void> {
  if (!isUuid(endpointId)) throw new AppError("NOT_FOUND", "This endpoint no longer exists.");
  const payload = { type: TEST_EVENT, timestamp: new Date().toISOString(), data: { message: "A test event from the Developers screen." } };
  const inserted = await db.execute(sql`
    insert into webhook_messages (endpoint_id, message_id, event_type, payload)
    select id, ${newMessageId()}, ${TEST_EVENT}, ${JSON.stringify(payload)}::jsonb from webhook_endpoints where id = ${endpointId}
    returning id`);
  if (inserted.rows.length === 0) throw new AppError("NOT_FOUND", "This endpoint no longer exists.");
  for (const wake of wakeListeners) wake();
}

/** "Resend": the same message (same id, so receivers can tell) goes out again now. */
export async function resendWebhookMessage(messageRowId: number): Promise<void> {
  const updated = await db.execute(sql`
    update webhook_messages set status = 'pending', next_attempt_at = now(), locked_until = null
     where id = ${messageRowId} and status <> 'pending' returning id`);
  if (updated.rows.length === 0) throw new AppError("CONFLICT", "This message is already waiting to be sent.");
  for (const wake of wakeListeners) wake();
}
