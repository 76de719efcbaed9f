import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { broadcasts } from "./launch";
import { waitlistUsers } from "./waitlist";

/** What a welcome e-mail queued by the sign-up is rendered from when it is sent (ADR 0038). */
export type QueuedWelcomeData = { memberId: string; referralCode: string; /** A parent consented: the e-mail carries the withdraw link. */ parentConsent?: boolean };
/** A wave's invitation (ADR 0049): rendered with the member's invite code when it is sent. */
export type QueuedWaveInviteData = { memberId: string; waveId: number };
export type QueuedTemplateData = QueuedWelcomeData | QueuedWaveInviteData;
/** A broadcast's message is rendered for its member when it is sent (ADR 0050): place and points then. */

// Durable e-mail outbox: a message is accepted by inserting a row, and a worker
// delivers it (see docs/decisions/0004-email-outbox.md).
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /**
     * Set on a message queued unrendered (a welcome e-mail, ADR 0038): what the sender renders
     * it from when it sends it, the current template then. Cleared once it is sent, with
     * subject, html and text holding what was sent.
     */
    templateData: jsonb("template_data").$type<QueuedTemplateData>(),
    /**
     * The member a message concerns when its address need not be theirs any more (the notice
     * to an old address after a change, ADR 0046): an erasure takes it with the membership.
     */
    memberId: uuid("member_id").references(() => waitlistUsers.id, { onDelete: "cascade" }),
    /** The broadcast this message is one of (ADR 0050): one per member, rendered when sent. */
    broadcastId: bigint("broadcast_id", { mode: "number" }).references(() => broadcasts.id, { onDelete: "cascade" }),
    /**
     * Set by the claim while rehearsal mode is on (ADR 0051): the message is kept in the
     * back office's mailbox instead of sent, and deleted when the rehearsal ends.
     */
    rehearsal: boolean("rehearsal").notNull().default(false),
    /**
     * 'suppressed': a non-essential message to an address on the suppression list, never sent (ADR 0044).
     * 'cancelled': a message of a broadcast cancelled before it went.
     */
    status: text("status", { enum: ["pending", "sent", "failed", "suppressed", "cancelled"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("email_outbox_attempts_non_negative", sql`${t.attempts} >= 0`),
    // The sender's queue order (due time, then id), so claiming the next message reads one
    // index entry however long the queue is.
    // A broadcast's messages are not in it: they go at the broadcast's pace, from their own index.
    index("email_outbox_due_idx").on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending' and ${t.broadcastId} is null`),
    // The same order for the messages someone is waiting for (a sign-in link, a test
    // e-mail): they go ahead of a launch burst's welcome e-mails (ADR 0038).
    index("email_outbox_urgent_due_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending' and ${t.broadcastId} is null and ${t.kind} not in ('welcome', 'season_winner')`),
    // A broadcast's queue in order, and exactly one message per member of it.
    index("email_outbox_broadcast_due_idx").on(t.broadcastId, t.id).where(sql`${t.status} = 'pending' and ${t.broadcastId} is not null`),
    uniqueIndex("email_outbox_broadcast_member_idx").on(t.broadcastId, t.memberId).where(sql`${t.broadcastId} is not null`),
    index("email_outbox_broadcast_status_idx").on(t.broadcastId, t.status).where(sql`${t.broadcastId} is not null`),
    index("email_outbox_rehearsal_idx").on(t.id).where(sql`${t.rehearsal}`),
    index("email_outbox_member_id_idx").on(t.memberId).where(sql`${t.memberId} is not null`),
  ],
);

// Addresses that must get no more non-essential e-mail (ADR 0044): the member unsubscribed,
// or the mail server refused the address for good. Keyed by the SHA-256 of the address's
// identity (app/lib/waitlist/email-identity.ts), never the address, so a row outlives the
// member's erasure and a re-join or re-import does not subscribe them again.
export const emailSuppressions = pgTable(
  "email_suppressions",
  {
    emailHash: text("email_hash").primaryKey(),
    reason: text("reason", { enum: ["unsubscribed", "bounced", "complained"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("email_suppressions_hash_hex", sql`${t.emailHash} ~ '^[0-9a-f]{64}$'`),
    check("email_suppressions_reason", sql`${t.reason} in ('unsubscribed', 'bounced', 'complained')`),
  ],
);

// Fixed-window counters shared by every app process.
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});

// Bot-guard challenges whose solution was accepted (ADR 0013): a solved challenge counts
// once. Kept until the challenge itself expires, when a replay is refused anyway.
export const usedBotChallenges = pgTable(
  "used_bot_challenges",
  {
    signature: text("signature").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("used_bot_challenges_expires_idx").on(t.expiresAt)],
);

// Which text of each `db/functions/<name>.sql` file this database runs: the migrator applies
// a file again only when its checksum differs (ADR 0034).
export const databaseFunctions = pgTable("database_functions", {
  name: text("name").primaryKey(),
  checksum: text("checksum").notNull(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});
