import { randomBytes } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { webhookEndpoints } from "../../../db/schema";
import { db, type Executor } from "../../kernel/db.server";
import { getEnv } from "../../kernel/env.server";
import { AppError } from "../../kernel/errors";
import { isUuid } from "../../kernel/uuid";
import { recordAdminAuditEvent } from "../audit/audit.server";
import type { WebhookEvent } from "./events";
import { checkWebhookUrl } from "./url-guard.server";

export const MAX_ENDPOINTS = 20;

/** Private and plain-http endpoints only for the local demo (no SMTP: the server listens on loopback). */
export function webhookUrlPolicy() {
  return { allowPrivate: getEnv().isLocalMail };
}

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

export const OWNER_MARKS_TEST_DURING_REHEARSAL = "Rehearsal mode is on: only an owner can mark an endpoint test or live until it ends.";

/**
 * While a rehearsal runs, a test endpoint hears its events (ADR 0051): marking one test or
 * live then is the owners' own, as starting the rehearsal is (issue 37). Checked against
 * the database, as the switch itself is.
 */
async function requireOwnerToMarkDuringRehearsal(executor: Executor, adminId: string): Promise<void> {
  const found = await executor.execute<{ on: boolean; role: string | null }>(sql`select rehearsal_mode_on() as on, (select role from users where id = ${adminId}) as role`);
  const row = found.rows[0];
  if (row?.on && row.role !== "owner") throw new AppError("FORBIDDEN", OWNER_MARKS_TEST_DURING_REHEARSAL);
}

/** `isTest`: a test endpoint, the only kind that hears events during a rehearsal (ADR 0051). */
export async function createWebhookEndpoint(input: { url: string; description: string; events: WebhookEvent[]; isTest?: boolean }, adminId: string): Promise<WebhookEndpoint> {
  const url = checkWebhookUrl(input.url, webhookUrlPolicy());
  const [existing] = await db.select({ count: sql<number>`count(*)::integer` }).from(webhookEndpoints);
  if ((existing?.count ?? 0) >= MAX_ENDPOINTS) throw new AppError("CONFLICT", `At most ${MAX_ENDPOINTS} endpoints: remove one first.`);
  return db.transaction(async (tx) => {
    if (input.isTest === true) await requireOwnerToMarkDuringRehearsal(tx, adminId);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ url: url.toString(), description: input.description, events: [...new Set(input.events)], isTest: input.isTest === true, secret: newSecret(), createdBy: adminId })
      .returning();
    if (!created) throw new Error("webhook endpoint insert returned no row");
    await recordAdminAuditEvent(tx, adminId, { action: "webhook_endpoint.created", targetType: "webhook_endpoint", targetId: created.id, after: { url: created.url, events: created.events, isTest: created.isTest } });
    return created;
  });
}

/** An endpoint as the Developers screen lists it: everything but the signing secret. */
export type WebhookEndpointListing = Omit<WebhookEndpoint, "secret">;

/** The endpoints, newest first, without their secrets (those are sent only by reveal and rotate). */
export async function listWebhookEndpoints(): Promise<WebhookEndpointListing[]> {
  return db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      events: webhookEndpoints.events,
      isEnabled: webhookEndpoints.isEnabled,
      isTest: webhookEndpoints.isTest,
      failingSince: webhookEndpoints.failingSince,
      disabledReason: webhookEndpoints.disabledReason,
      createdBy: webhookEndpoints.createdBy,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.createdAt));
}

const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/** "Reveal": the endpoint's signing secret, for an admin who asked for it (audited). */
export async function revealWebhookSecret(id: string, adminId: string): Promise<string> {
  const [endpoint] = isUuid(id) ? await db.select({ url: webhookEndpoints.url, secret: webhookEndpoints.secret }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id)) : [];
  if (!endpoint) throw new AppError("NOT_FOUND", "This endpoint no longer exists.");
  await recordAdminAuditEvent(db, adminId, { action: "webhook_endpoint.secret_revealed", targetType: "webhook_endpoint", targetId: id, after: { url: endpoint.url } });
  return endpoint.secret;
}

/** "Rotate": a new signing secret from the next delivery on, returned this once (audited). */
export async function rotateWebhookSecret(id: string, adminId: string): Promise<string> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "This endpoint no longer exists.");
  const secret = newSecret();
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(webhookEndpoints).set({ secret }).where(eq(webhookEndpoints.id, id)).returning({ url: webhookEndpoints.url });
    if (!updated) throw new AppError("NOT_FOUND", "This endpoint no longer exists.");
    await recordAdminAuditEvent(tx, adminId, { action: "webhook_endpoint.secret_rotated", targetType: "webhook_endpoint", targetId: id, after: { url: updated.url } });
    return secret;
  });
}

/** Turning an endpoint back on forgets its failing streak. */
export async function setWebhookEndpointEnabled(id: string, isEnabled: boolean, adminId: string): Promise<void> {
  const updated = isUuid(id)
    ? await db
        .update(webhookEndpoints)
        .set(isEnabled ? { isEnabled, failingSince: null, disabledReason: null } : { isEnabled, disabledReason: "Turned off by an admin." })
        .where(eq(webhookEndpoints.id, id))
        .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url })
    : [];
  if (updated.length === 0) throw new AppError("NOT_FOUND", "This endpoint no longer exists.");
  await recordAdminAuditEvent(db, adminId, { action: isEnabled ? "webhook_endpoint.enabled" : "webhook_endpoint.disabled", targetType: "webhook_endpoint", targetId: id, after: { url: updated[0]!.url, isEnabled } });
}

/** Marks an endpoint as a test one (it alone hears events during a rehearsal, ADR 0051) or a live one; audited. */
export async function setWebhookEndpointTest(id: string, isTest: boolean, adminId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireOwnerToMarkDuringRehearsal(tx, adminId);
    const updated = isUuid(id) ? await tx.update(webhookEndpoints).set({ isTest }).where(eq(webhookEndpoints.id, id)).returning({ url: webhookEndpoints.url }) : [];
    if (updated.length === 0) throw new AppError("NOT_FOUND", "This endpoint no longer exists.");
    await recordAdminAuditEvent(tx, adminId, { action: isTest ? "webhook_endpoint.marked_test" : "webhook_endpoint.marked_live", targetType: "webhook_endpoint", targetId: id, after: { url: updated[0]!.url, isTest } });
  });
}

export async function deleteWebhookEndpoint(id: string, adminId: string): Promise<void> {
  const deleted = isUuid(id) ? await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id, url: webhookEndpoints.url, events: webhookEndpoints.events }) : [];
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "This endpoint no longer exists.");
  await recordAdminAuditEvent(db, adminId, { action: "webhook_endpoint.deleted", targetType: "webhook_endpoint", targetId: id, before: { url: deleted[0]!.url, events: deleted[0]!.events } });
}

export type DeliveryLogEntry = { id: number; messageId: string; eventType: string; status: string; attempts: number; lastStatusCode: number | null; lastError: string | null; createdAt: Date; nextAttemptAt: Date };

/** The endpoint's latest messages, newest first, with what the receiver last answered. */
export async function listWebhookDeliveries(endpointId: string, limit = 20): Promise<DeliveryLogEntry[]> {
  if (!isUuid(endpointId)) return [];
  const result = await db.execute<{ id: number; message_id: string; event_type: string; status: string; attempts: number; last_status_code: number | null; last_error: string | null; created_at: string | Date; next_attempt_at: string | Date }>(sql`
    select id, message_id, event_type, status, attempts, last_status_code, last_error, created_at, next_attempt_at
      from webhook_messages where endpoint_id = ${endpointId} order by created_at desc, id desc limit ${limit}`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    messageId: row.message_id,
    eventType: row.event_type,
    status: row.status,
    attempts: Number(row.attempts),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: row.last_error,
    createdAt: new Date(row.created_at),
    nextAttemptAt: new Date(row.next_attempt_at),
  }));
}
