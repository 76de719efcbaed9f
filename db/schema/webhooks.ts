import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

// Where events are sent (Admin → Developers), signed per the Standard Webhooks spec.
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  events: text("events").array().notNull(),
  /** "whsec_" + base64 of 32 random bytes: the signing key the receiver verifies with. */
  secret: text("secret").notNull(),
  isEnabled: boolean("is_enabled").notNull().default(true),
  /** A test endpoint: the only kind that receives events while rehearsal mode is on (ADR 0051). */
  isTest: boolean("is_test").notNull().default(false),
  /** Set at the first failed attempt since the last success; 24 h of failing disables the endpoint. */
  failingSince: timestamp("failing_since", { withTimezone: true }),
  disabledReason: text("disabled_reason"),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// One event for one endpoint: a durable queue like the e-mail outbox. The message id is
// stable across retries and resends, so receivers can drop duplicates.
export const webhookMessages = pgTable(
  "webhook_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").notNull(),
    /** The members the event names (db/functions/webhook_member_ids.sql): how erasure and export find a member's messages (ADR 0059). */
    memberIds: uuid("member_ids").array().notNull().default(sql`'{}'::uuid[]`),
    status: text("status", { enum: ["pending", "delivered", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    unique("webhook_messages_endpoint_message").on(t.endpointId, t.messageId),
    index("webhook_messages_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("webhook_messages_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_messages_member_ids_idx").using("gin", t.memberIds),
    check("webhook_messages_attempts_non_negative", sql`${t.attempts} >= 0`),
  ],
);

// Every delivery attempt with what the receiver answered: the endpoint's delivery log.
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    messageRowId: bigint("message_row_id", { mode: "number" })
      .notNull()
      .references(() => webhookMessages.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
  },
  (t) => [index("webhook_attempts_message_idx").on(t.messageRowId, t.attemptedAt)],
);
