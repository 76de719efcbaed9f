import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { isSiteLanguage } from "./language-check";
import { users } from "./auth";
import { waitlistUsers } from "./waitlist";

/** Who a wave or a broadcast goes to (app/lib/launch/audience.ts checks and counts it). */
export type AudienceDefinition = Record<string, unknown> & { kind: string };

// A wave of invitations (ADR 0049): who was chosen, how, by whom. The members invited are
// member_invites rows; a rehearsal's waves are deleted, with their invites, when it ends.
export const waves = pgTable(
  "waves",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    audience: jsonb("audience").$type<AudienceDefinition>().notNull(),
    invitedCount: integer("invited_count").notNull().default(0),
    rehearsal: boolean("rehearsal").notNull().default(false),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("waves_invited_non_negative", sql`${t.invitedCount} >= 0`)],
);

// A member's invitation: waiting (no row) → invited → admitted (admitted_at set once, when
// the member, signed in as their own address, redeems the invite code of their e-mail).
export const memberInvites = pgTable(
  "member_invites",
  {
    memberId: uuid("member_id")
      .primaryKey()
      .references(() => waitlistUsers.id, { onDelete: "cascade" }),
    waveId: bigint("wave_id", { mode: "number" })
      .notNull()
      .references(() => waves.id, { onDelete: "cascade" }),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    admittedAt: timestamp("admitted_at", { withTimezone: true }),
  },
  (t) => [index("member_invites_wave_idx").on(t.waveId, t.admittedAt), index("member_invites_admitted_idx").on(t.admittedAt)],
);

// A message to a segment of the list (ADR 0050). Its messages are email_outbox rows with
// its id (one per member, unique), queued in pages from `queued_through` and sent at the
// site's pace: `next_send_at` is the earliest moment the next one may go, for every process.
export const broadcasts = pgTable(
  "broadcasts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The version in the site's default language, which every member without a translation of their own gets. */
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    audience: jsonb("audience").$type<AudienceDefinition>().notNull(),
    status: text("status", { enum: ["scheduled", "sending", "paused", "cancelled", "finished"] }).notNull(),
    /** The members the audience counted when it was created (the queue may differ by those who left since). */
    audienceCount: integer("audience_count").notNull(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last member id queued; null before the first page. Queueing resumes after it. */
    queuedThrough: uuid("queued_through"),
    /** Set when every member of the audience has a message queued. */
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    nextSendAt: timestamp("next_send_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The highest message id claimed so far: the claim looks after it first, so it never walks
     * the index entries its own sent messages left behind (a vacuum removes them later).
     */
    claimedThrough: bigint("claimed_through", { mode: "number" }).notNull().default(0),
    /** Messages another process took over once the lease of the one sending them ran out (it died): some may have gone twice, with one Message-ID. */
    takenOver: integer("taken_over").notNull().default(0),
    rehearsal: boolean("rehearsal").notNull().default(false),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("broadcasts_status", sql`${t.status} in ('scheduled', 'sending', 'paused', 'cancelled', 'finished')`),
    check("broadcasts_audience_count_non_negative", sql`${t.audienceCount} >= 0`),
    check("broadcasts_taken_over_non_negative", sql`${t.takenOver} >= 0`),
    index("broadcasts_active_idx").on(t.scheduledAt).where(sql`${t.status} in ('scheduled', 'sending')`),
  ],
);

// A broadcast in another language (ADR 0076): members whose language it is get it. One row
// per language, so a language added to the site needs no new column.
export const broadcastTranslations = pgTable(
  "broadcast_translations",
  {
    broadcastId: bigint("broadcast_id", { mode: "number" })
      .notNull()
      .references(() => broadcasts.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
  },
  (t) => [primaryKey({ columns: [t.broadcastId, t.language] }), check("broadcast_translations_language", isSiteLanguage(t.language))],
);
