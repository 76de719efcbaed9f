import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../app/kernel/i18n/languages";
import { isSiteLanguage } from "./language-check";
import { waitlistUsers } from "./waitlist";

// A child's join waiting for a parent's answer (ADR 0041). Only pending requests exist:
// approval turns one into a membership and deletes it; a decline or the end of the
// retention window deletes it with the parent's address. The child's address is never here.
export const consentRequests = pgTable(
  "consent_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** SHA-256 of the single-use link token sent to the parent; the token itself is not kept. */
    tokenHash: text("token_hash").notNull().unique(),
    parentEmail: text("parent_email").notNull(),
    /** The person behind the parent's address (email-identity.ts), for one request at a time. */
    parentIdentity: text("parent_identity").notNull(),
    privacyNoticeVersion: integer("privacy_notice_version").notNull(),
    /**
     * The notice e-mailed to the parent (email_outbox.id, ADR 0059): declining, expiry or "not my
     * child" deletes it with the request; approving marks it as the new member's. Not a foreign
     * key: the outbox's clean-up deletes sent mail without looking here.
     */
    noticeEmailId: bigint("notice_email_id", { mode: "number" }),
    /** The referrer of the link the child arrived through; paid only if the parent approves. */
    referrerId: uuid("referrer_id").references(() => waitlistUsers.id, { onDelete: "set null" }),
    signupVia: text("signup_via", { enum: ["copy", "facebook", "x", "linkedin", "email"] }),
    signupNetwork: text("signup_network"),
    signupDevice: text("signup_device"),
    signupCountry: text("signup_country"),
    /**
     * The country the child picked on the age question and the consent age it chose (ADR 0063):
     * the rule that sent the child here, carried onto the membership if the parent approves.
     * Not a guess from the browser (ADR 0059 removed that): the child's own answer.
     */
    consentCountry: text("consent_country"),
    consentAge: integer("consent_age"),
    /** The child's browser's language: the membership's, if the parent approves. */
    language: text("language", { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("consent_requests_parent_email_normalised", sql`${t.parentEmail} = lower(btrim(${t.parentEmail})) and ${t.parentEmail} <> ''`),
    check("consent_requests_consent_country", sql`${t.consentCountry} ~ '^[A-Z]{2}$'`),
    check("consent_requests_consent_age", sql`${t.consentAge} between 0 and 21`),
    check("consent_requests_language", isSiteLanguage(t.language)),
    check("consent_requests_expiry_after_request", sql`${t.expiresAt} > ${t.requestedAt}`),
    index("consent_requests_expires_at_idx").on(t.expiresAt),
    index("consent_requests_parent_identity_idx").on(t.parentIdentity),
  ],
);

// A parent who answered "This is not my child" (ADR 0062): no consent request goes to that
// address until refused_until. The address is not kept: only its keyed hash, the subject
// its rate-limit counters are keyed by (person-rate-limit.server.ts), so export finds the
// row by the member's addresses and nothing here can be read back into an address.
export const consentRefusals = pgTable(
  "consent_refusals",
  {
    /** addressSubjectOf(emailHashOf(identity)) of the parent's address: 22 base64url characters. */
    parentSubject: text("parent_subject").primaryKey(),
    refusedAt: timestamp("refused_at", { withTimezone: true }).notNull(),
    refusedUntil: timestamp("refused_until", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("consent_refusals_subject_is_a_hash", sql`${t.parentSubject} ~ '^[A-Za-z0-9_-]{22}$'`),
    check("consent_refusals_until_after_at", sql`${t.refusedUntil} > ${t.refusedAt}`),
    index("consent_refusals_refused_until_idx").on(t.refusedUntil),
  ],
);

// Each privacy notice the site has shown (ADR 0041): a new version whenever what the notice
// says changes (its text, or a setting it states, such as the consent age). Consents name
// the version they accepted.
export const privacyNoticeVersions = pgTable("privacy_notice_versions", {
  version: serial("version").primaryKey(),
  /** SHA-256 of what the notice states; one version per distinct notice. */
  fingerprint: text("fingerprint").notNull().unique(),
  /** What the notice stated, as the settings and text edition it was rendered from. */
  facts: text("facts").notNull(),
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
});
