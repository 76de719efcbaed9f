import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { db, type Executor } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { isUuid } from "../../kernel/uuid";
import { recordAdminAuditEvent } from "../audit/audit.server";
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

export const LIVE_ENDPOINT_DURING_REHEARSAL = "Rehearsal mode is on: only test endpoints get events until it ends.";

/** A live endpoint hears nothing while a rehearsal runs (ADR 0051), not even a test or a resend (issue 37). */
async function refuseLiveEndpointDuringRehearsal(executor: Executor, endpointId: string): Promise<void> {
  const found = await executor.execute<{ refused: boolean }>(sql`
    select rehearsal_mode_on() and not coalesce((select is_test from webhook_endpoints where id = ${endpointId}), true) as refused`);
  if (found.rows[0]?.refused) throw new AppError("CONFLICT", LIVE_ENDPOINT_DURING_REHEARSAL);
}

/** "Send test event": one webhook.test message to this endpoint, enabled or not (audited); while a rehearsal runs, to a test endpoint only. */
export async function sendTestEvent(endpointId: string, adminId: string): Promise<void> {
  if (!isUuid(endpointId)) throw new AppError("NOT_FOUND", "This endpoint no longer exists.");
  const payload = { type: TEST_EVENT, timestamp: new Date().toISOString(), data: { message: "A test event from the Developers screen." } };
  await db.transaction(async (tx) => {
    await refuseLiveEndpointDuringRehearsal(tx, endpointId);
    const inserted = await tx.execute<{ message_id: string; url: string }>(sql`
      insert into webhook_messages (endpoint_id, message_id, event_type, payload)
      select id, ${newMessageId()}, ${TEST_EVENT}, ${JSON.stringify(payload)}::jsonb from webhook_endpoints where id = ${endpointId}
      returning message_id, (select url from webhook_endpoints where id = ${endpointId}) as url`);
    const message = inserted.rows[0];
    if (!message) throw new AppError("NOT_FOUND", "This endpoint no longer exists.");
    await recordAdminAuditEvent(tx, adminId, { action: "webhook_endpoint.test_sent", targetType: "webhook_endpoint", targetId: endpointId, after: { url: message.url, messageId: message.message_id } });
  });
  wakeWebhookSender();
}

/** "Resend": the same message (same id, so receivers can tell) goes out again now (audited); while a rehearsal runs, to a test endpoint only. */
export async function resendWebhookMessage(messageRowId: number, adminId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await tx.execute<{ endpoint_id: string }>(sql`select endpoint_id from webhook_messages where id = ${messageRowId}`);
    if (target.rows[0]) await refuseLiveEndpointDuringRehearsal(tx, target.rows[0].endpoint_id);
    const updated = await tx.execute<{ endpoint_id: string; message_id: string; event_type: string }>(sql`
      update webhook_messages set status = 'pending', next_attempt_at = now(), locked_until = null
       where id = ${messageRowId} and status <> 'pending' returning endpoint_id, message_id, event_type`);
    const message = updated.rows[0];
    if (!message) throw new AppError("CONFLICT", "This message is already waiting to be sent.");
    await recordAdminAuditEvent(tx, adminId, { action: "webhook_message.resent", targetType: "webhook_endpoint", targetId: message.endpoint_id, after: { messageId: message.message_id, eventType: message.event_type } });
  });
  wakeWebhookSender();
}
