import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { apiKeys } from "./api";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../app/kernel/i18n/languages";
import { isSiteLanguage } from "./language-check";
import { users } from "./auth";

export const waitlistUsers = pgTable(
  "waitlist_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The contact address: a grown-up's own, or, for a child a parent approved, the parent's (a family shares it, ADR 0067). */
    email: text("email").notNull(),
    /** The person behind the address (app/lib/waitlist/email-identity.ts): one own membership each, and their children's (ADR 0067). */
    emailIdentity: text("email_identity").notNull(),
    /** Random (ADR 0042): nothing of the address. Older codes still work through referral_code_aliases. */
    referralCode: text("referral_code").notNull().unique(),
    /** How many times the member re-rolled their crew name: with the id, it gives the name (crewNameOf). */
    crewNameRoll: integer("crew_name_roll").notNull().default(0),
    points: integer("points").notNull().default(0),
    referralsMade: integer("referrals_made").notNull().default(0),
    joinDate: timestamp("join_date", { withTimezone: true }).notNull().defaultNow(),
    confirmedEmail: boolean("confirmed_email").notNull().default(false),
    hasViewedTrailer: boolean("has_viewed_trailer").notNull().default(false),
    isBlocked: boolean("is_blocked").notNull().default(false),
    referredByUserId: uuid("referred_by_user_id").references((): AnyPgColumn => waitlistUsers.id, {
      onDelete: "set null",
    }),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    notes: text("notes").notNull().default(""),
    signupDevice: text("signup_device"),
    signupCountry: text("signup_country"),
    /** The site's language the member's browser preferred when they joined (issue 31): what news to them is written in. */
    language: text("language", { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
    /** The /24 (IPv4) or /64 (IPv6) the member joined from, for the same-network signal. */
    signupNetwork: text("signup_network"),
    /** The share channel (`via=`) of the referral link the member arrived through, if any. */
    signupVia: text("signup_via", { enum: ["copy", "facebook", "x", "linkedin", "email"] }),
    /** When the address was first confirmed; null before (and for confirmations older than this column). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The age band of the neutral age question (never the birth date); null: joined before it was asked. */
    ageBand: text("age_band", { enum: ["under_consent_age", "consent_age_or_over"] }),
    /**
     * How consent was given (ADR 0041): 'self' at or over the consent age, 'parent_email_plus'
     * by a parent's approval (the address is then the parent's); null: joined before consent was recorded.
     */
    consentMethod: text("consent_method", { enum: ["self", "parent_email_plus"] }),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    /** The privacy notice version shown and accepted with that consent. */
    privacyNoticeVersion: integer("privacy_notice_version"),
    /**
     * The country given on the age question and the consent age it chose (ADR 0063): the rule
     * that applied to this consent. Null: consented before the country was asked, or never asked
     * (imports); the country alone is null when none (or none the list has) was picked.
     */
    consentCountry: text("consent_country"),
    consentAge: integer("consent_age"),
    /**
     * A parent's answer to "Show on the public leaderboard" for their child (ADR 0064); null:
     * never asked (a grown-up, or a child approved before it was asked — hidden until the parent says yes).
     */
    leaderboardChoice: boolean("leaderboard_choice"),
    /** A parent's separate yes to "Share with the studio's partners" for their child: off until given, never a condition of joining. */
    partnerSharingChoice: boolean("partner_sharing_choice").notNull().default(false),
    /** Whether the member may appear on a public surface: every grown-up; a child only with the parent's yes (ADR 0064). */
    isShownPublicly: boolean("is_shown_publicly")
      .notNull()
      .generatedAlwaysAs(sql`consent_method is distinct from 'parent_email_plus' or coalesce(leaderboard_choice, false)`),
    /** Whether integrations (webhooks, API keys) may see the member: every grown-up; a child only with the parent's separate yes (ADR 0064). */
    reachesPartners: boolean("reaches_partners")
      .notNull()
      .generatedAlwaysAs(sql`consent_method is distinct from 'parent_email_plus' or partner_sharing_choice`),
    /** When the delayed confirmation of a parent's approval is due ("e-mail plus"); null once it is queued. */
    consentConfirmationDueAt: timestamp("consent_confirmation_due_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("waitlist_users_age_band", sql`${t.ageBand} in ('under_consent_age', 'consent_age_or_over')`),
    check(
      "waitlist_users_consent_record",
      sql`(${t.consentMethod} is null and ${t.consentAt} is null and ${t.privacyNoticeVersion} is null) or (${t.consentMethod} in ('self', 'parent_email_plus') and ${t.consentAt} is not null and ${t.privacyNoticeVersion} is not null and ${t.ageBand} is not null)`,
    ),
    check("waitlist_users_consent_country", sql`${t.consentCountry} ~ '^[A-Z]{2}$'`),
    check("waitlist_users_consent_age", sql`${t.consentAge} between 0 and 21`),
    check("waitlist_users_email_normalised", sql`${t.email} = lower(btrim(${t.email})) and ${t.email} <> ''`),
    check("waitlist_users_points_non_negative", sql`${t.points} >= 0`),
    check("waitlist_users_referrals_non_negative", sql`${t.referralsMade} >= 0`),
    check("waitlist_users_language", isSiteLanguage(t.language)),
    check("waitlist_users_signup_via", sql`${t.signupVia} in ('copy', 'facebook', 'x', 'linkedin', 'email')`),
    check("waitlist_users_not_self_referred", sql`${t.referredByUserId} is null or ${t.referredByUserId} <> ${t.id}`),
    // A family (ADR 0067): an address holds one membership of its own, and any number of its children's (bounded in consent-rules.ts).
    uniqueIndex("waitlist_users_own_email_key").on(t.email).where(sql`${t.consentMethod} is distinct from 'parent_email_plus'`),
    uniqueIndex("waitlist_users_own_identity_key").on(t.emailIdentity).where(sql`${t.consentMethod} is distinct from 'parent_email_plus'`),
    index("waitlist_users_family_idx").on(t.emailIdentity),
    index("waitlist_users_email_idx").on(t.email),
    index("waitlist_users_referred_by_idx").on(t.referredByUserId),
    index("waitlist_users_created_at_idx").on(t.createdAt),
    index("waitlist_users_confirmed_at_idx").on(t.confirmedAt).where(sql`${t.confirmedAt} is not null`),
    index("waitlist_users_signup_network_idx").on(t.signupNetwork, t.createdAt),
    index("waitlist_users_updated_at_idx").on(t.updatedAt),
    index("waitlist_users_consent_confirmation_due_idx").on(t.consentConfirmationDueAt).where(sql`${t.consentConfirmationDueAt} is not null`),
    // NULLS FIRST matches a plain "order by points desc", so the leaderboard walks the index.
    index("waitlist_users_ranking_idx")
      .on(t.points.desc().nullsFirst(), t.referralsMade.desc().nullsFirst(), t.createdAt, t.id)
      .where(sql`not ${t.isBlocked}`),
  ],
);

// Referral codes a member had before (ADR 0042: codes made from the address were replaced
// by random ones): links already shared keep working, and new links show the current code.
export const referralCodeAliases = pgTable(
  "referral_code_aliases",
  {
    code: text("code").primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => waitlistUsers.id, { onDelete: "cascade" }),
  },
  (t) => [index("referral_code_aliases_member_idx").on(t.memberId)],
);

// One row per change of a member's points, written in the same transaction as the
// change, so every total can be explained and rebuilt.
export const pointsLedger = pgTable(
  "points_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => waitlistUsers.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    reason: text("reason", {
      enum: ["signup", "referral_bonus", "referral_credit", "trailer_view", "admin_adjustment", "admin_reset"],
    }).notNull(),
    relatedMemberId: uuid("related_member_id").references(() => waitlistUsers.id, { onDelete: "set null" }),
    adminUserId: text("admin_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("points_ledger_member_idx").on(t.memberId, t.createdAt)],
);

// Who brought whom. A referral is credited when the friend joins or when they confirm
// their address (the "Referral credit" setting at the time they joined); until then it
// is pending and earns nothing.
export const referrals = pgTable(
  "referrals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    referrerId: uuid("referrer_id")
      .notNull()
      .references(() => waitlistUsers.id, { onDelete: "cascade" }),
    referredId: uuid("referred_id")
      .notNull()
      .unique()
      .references(() => waitlistUsers.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "credited", "held", "rejected"] }).notNull(),
    reasons: text("reasons").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** Why an admin approved or rejected a held referral. */
    decisionNote: text("decision_note"),
  },
  (t) => [
    index("referrals_referrer_status_idx").on(t.referrerId, t.status),
    index("referrals_referrer_created_idx").on(t.referrerId, t.createdAt),
    index("referrals_held_idx").on(t.createdAt).where(sql`${t.status} in ('pending', 'held')`),
    check("referrals_not_self", sql`${t.referrerId} <> ${t.referredId}`),
  ],
);

// How many listed (not blocked) members hold each (points, referrals_made) pair, kept
// by a trigger on waitlist_users (see docs/decisions/0003-leaderboard-rank.md). A
// member's rank is 1 + the members in better pairs: a sum over a few thousand rows
// instead of a count over a million.
export const leaderboardScoreCounts = pgTable(
  "leaderboard_score_counts",
  {
    points: integer("points").notNull(),
    referralsMade: integer("referrals_made").notNull(),
    members: integer("members").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.points, t.referralsMade] }),
    check("leaderboard_score_counts_members_non_negative", sql`${t.members} >= 0`),
  ],
);

// Changes to those counts, appended by the trigger (one insert per change, so concurrent
// sign-ups never wait on one shared counter row) and folded into leaderboard_score_counts
// every second by a job that runs in one process at a time (ADR 0038). Readers sum both,
// through the leaderboard_scores view.
export const leaderboardScoreDeltas = pgTable("leaderboard_score_deltas", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  points: integer("points").notNull(),
  referralsMade: integer("referrals_made").notNull(),
  members: integer("members").notNull(),
});

// Who changed what about a member from the back office, with the values before and
// after (points adjustments, referral resets, blocking, tags and notes).
export const memberAuditLog = pgTable(
  "member_audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => waitlistUsers.id, { onDelete: "cascade" }),
    adminUserId: text("admin_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Set when the change came through the API: the key that made it. */
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    action: text("action", {
      enum: [
        "points_adjusted",
        "referrals_reset",
        "blocked",
        "unblocked",
        "tags_changed",
        "notes_changed",
        "referral_approved",
        "referral_rejected",
        "recounted",
      ],
    }).notNull(),
    before: jsonb("before").notNull(),
    after: jsonb("after").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("member_audit_log_member_idx").on(t.memberId, t.createdAt)],
);
