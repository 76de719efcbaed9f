import { CONSENT_AGE, CONSENT_REQUEST_DAYS } from "~/lib/consent/age";
import { parseCountryConsentAges, type CountryConsentAges } from "~/lib/consent/consent-age-by-country";
import { parseSiteAudience, type SiteAudience } from "~/lib/consent/site-audience";
import { parseLaunchDate, parseMonthsAfterLaunch, UNCONFIRMED_MEMBER_DAYS } from "~/lib/privacy/retention-rules";
import { BROADCAST_PACE } from "~/lib/launch/pace";
import { inArray, sql } from "drizzle-orm";
import { siteSettings } from "../../../db/schema";
import { sanitizeRichHtml } from "../content/sanitize.server";
import { db, type Transaction } from "../../kernel/db.server";
import { SITE_SETTINGS_CHANNEL } from "../realtime/channels";
import { subscribe } from "../realtime/notifications.server";
import { recordAdminAuditEvent } from "../audit/audit.server";
import {
  DEFAULT_WELCOME_EMAIL_HTML,
  parseBrandLogoUrl,
  parseLeaderboardVisible,
  parseOptionalUrl,
  parsePlainString,
  parseReferralCreditMode,
  parseDomainList,
  parseBoundedInteger,
  REFERRAL_BURST_LIMIT,
  REFERRAL_DAILY_CAP,
  parsePrimaryBrandColor,
  parseRichHtml,
  parseSessionTimeoutMinutes,
  parseSocialLinks,
  parseTextValue,
  textValueToString,
  type SocialLinks,
} from "./settings-rules";
import { MILESTONE_STEP, parseMilestones, type Milestone } from "../points/milestones";
import { parsePrizeTiers, type PrizeTier } from "../seasons/prizes";
import { parseTimeZone } from "../seasons/time-zone";
import { parseOriginList } from "../embed/origins";
import { DEFAULT_SEASON_WINNER_EMAIL_HTML, LEGACY_SEASON_WINNER_EMAIL_HTML } from "../seasons/winner-email-template";

type Definition<T> = {
  key: string;
  fallback: T;
  /** From the stored JSON value (or undefined when no row exists). */
  parse: (stored: unknown) => T;
  /** To the stored JSON value. */
  serialize: (value: T) => unknown;
};

// Drizzle would write SQL NULL for a null value; the spec stores a JSON null.
const JSON_NULL = sql`'null'::jsonb`;
const toJsonb = (value: unknown) => (value === null ? JSON_NULL : value);

/** An ISO instant, or null for anything else. */
const parseInstant = (stored: unknown): string | null => (typeof stored === "string" && !Number.isNaN(Date.parse(stored)) ? new Date(stored).toISOString() : null);

function define<T>(definition: Definition<T>): Definition<T> {
  return definition;
}

const identity = <T,>(value: T) => value;
/** A whole number within its bounds; anything else stored reads as the fallback. */
const boundedInteger = (key: string, bounds: { min: number; max: number; fallback: number }) =>
  define({
    key,
    fallback: bounds.fallback,
    parse: (stored) => parseBoundedInteger(stored, bounds),
    serialize: (value: number) => parseBoundedInteger(value, bounds),
  });

const plainText = (key: string, fallback: string) =>
  define({
    key,
    fallback,
    parse: (stored) => textValueToString(parseTextValue(stored)),
    serialize: (value: string) => value.trim(),
  });
const richText = (key: string, fallback: string) =>
  define({
    key,
    fallback,
    parse: (stored) => sanitizeRichHtml(parseRichHtml(stored) ?? ""),
    serialize: (value: string) => ({ html_content: sanitizeRichHtml(value) }),
  });

export const SETTING_DEFINITIONS = {
  leaderboardVisible: define({
    key: "leaderboard_visible",
    fallback: true,
    parse: parseLeaderboardVisible,
    serialize: identity<boolean>,
  }),
  brandLogoUrl: define({
    key: "brand_logo_url",
    fallback: parseBrandLogoUrl(""),
    parse: parseBrandLogoUrl,
    serialize: parseBrandLogoUrl,
  }),
  primaryBrandColor: define({
    key: "primary_brand_color",
    fallback: parsePrimaryBrandColor(""),
    parse: parsePrimaryBrandColor,
    serialize: parsePrimaryBrandColor,
  }),
  sessionTimeoutMinutes: define({
    key: "session_timeout_minutes",
    fallback: parseSessionTimeoutMinutes(undefined),
    parse: parseSessionTimeoutMinutes,
    serialize: parseSessionTimeoutMinutes,
  }),
  referralCreditMode: define({
    key: "referral_credit_mode",
    fallback: parseReferralCreditMode(undefined),
    parse: parseReferralCreditMode,
    serialize: parseReferralCreditMode,
  }),
  referralBurstLimit: boundedInteger("referral_burst_limit", REFERRAL_BURST_LIMIT),
  referralDailyCap: boundedInteger("referral_daily_cap", REFERRAL_DAILY_CAP),
  emailDomainBlocklist: define<string[]>({ key: "email_domain_blocklist", fallback: [], parse: parseDomainList, serialize: parseDomainList }),
  emailDomainAllowlist: define<string[]>({ key: "email_domain_allowlist", fallback: [], parse: parseDomainList, serialize: parseDomainList }),
  // Team: whether the Viewer role may download the CSV exports (members, funnel, audit log).
  viewersMayExport: define({ key: "viewers_may_export", fallback: false, parse: (stored) => stored === true, serialize: (value: boolean) => value === true }),
  embedAllowedOrigins: define<string[]>({ key: "embed_allowed_origins", fallback: [], parse: parseOriginList, serialize: parseOriginList }),
  siteTimeZone: define({ key: "site_time_zone", fallback: parseTimeZone(undefined), parse: parseTimeZone, serialize: parseTimeZone }),
  pointMilestones: define<Milestone[]>({ key: "point_milestones", fallback: [], parse: parseMilestones, serialize: parseMilestones }),
  milestoneStep: boundedInteger("milestone_step", MILESTONE_STEP),
  // Kid-safe (ADR 0041): below this age a parent's consent comes first; a parent's request waits this many days.
  consentAge: boundedInteger("consent_age", CONSENT_AGE),
  // The consent age follows the country (ADR 0063): a country's row, else consentAge above. No row stored: each country's law as seeded.
  consentAgeByCountry: define<CountryConsentAges>({
    key: "consent_age_by_country",
    fallback: parseCountryConsentAges(undefined),
    parse: parseCountryConsentAges,
    serialize: (value: CountryConsentAges) => parseCountryConsentAges(value ?? {}),
  }),
  consentRequestDays: boundedInteger("consent_request_days", CONSENT_REQUEST_DAYS),
  // Who the site is for (ADR 0066): the neutral age question, or every sign-up through a parent. Owners only.
  siteAudience: define<SiteAudience>({ key: "site_audience", fallback: "families", parse: parseSiteAudience, serialize: parseSiteAudience }),
  // Retention (issue 29): unconfirmed members go after this many days; everything else this many months after launch.
  unconfirmedMemberDays: boundedInteger("unconfirmed_member_days", UNCONFIRMED_MEMBER_DAYS),
  launchDate: define<string | null>({ key: "launch_date", fallback: null, parse: parseLaunchDate, serialize: parseLaunchDate }),
  monthsAfterLaunch: define<number | null>({ key: "months_after_launch", fallback: null, parse: parseMonthsAfterLaunch, serialize: parseMonthsAfterLaunch }),
  // Launch day (ADR 0050, 0051): how fast broadcasts go, and whether this is a rehearsal (no e-mail leaves, only test webhooks fire).
  broadcastMessagesPerMinute: boundedInteger("broadcast_messages_per_minute", BROADCAST_PACE),
  rehearsalMode: define({ key: "rehearsal_mode", fallback: false, parse: (stored) => stored === true, serialize: (value: boolean) => value === true }),
  /** When the running rehearsal began (the database's clock); null when none runs. Written only with rehearsalMode (app/lib/launch/rehearsal.server.ts). */
  rehearsalStartedAt: define<string | null>({ key: "rehearsal_started_at", fallback: null, parse: parseInstant, serialize: parseInstant }),
  seasonPrizes: define<PrizeTier[]>({ key: "season_prizes", fallback: parsePrizeTiers(undefined), parse: parsePrizeTiers, serialize: parsePrizeTiers }),
  seasonWinnerEmailTemplateHtml: define({
    key: "season_winner_email_template_html",
    fallback: DEFAULT_SEASON_WINNER_EMAIL_HTML,
    parse: (stored) => {
      const html = parseRichHtml(stored);
      return !html || html === LEGACY_SEASON_WINNER_EMAIL_HTML ? DEFAULT_SEASON_WINNER_EMAIL_HTML : html;
    },
    serialize: (value: string) => ({ html_content: sanitizeRichHtml(value) }),
  }),
  homepageVideoUrl: define({ key: "homepage_video_url", fallback: "", parse: parsePlainString, serialize: parsePlainString }),
  homepageVideoThumbnailUrl: define<string | null>({
    key: "homepage_video_thumbnail_url",
    fallback: null,
    parse: parseOptionalUrl,
    serialize: parseOptionalUrl,
  }),
  socialSharingLinks: define<SocialLinks>({
    key: "social_sharing_links",
    fallback: parseSocialLinks(undefined),
    parse: parseSocialLinks,
    serialize: parseSocialLinks,
  }),
  socialSharingOgTitle: define({ key: "social_sharing_og_title", fallback: "", parse: parsePlainString, serialize: parsePlainString }),
  socialSharingOgDescription: define({
    key: "social_sharing_og_description",
    fallback: "",
    parse: parsePlainString,
    serialize: parsePlainString,
  }),
  socialSharingImageUrl: define<string | null>({
    key: "social_sharing_image_url",
    fallback: null,
    parse: parseOptionalUrl,
    serialize: parseOptionalUrl,
  }),
  welcomeEmailTemplateHtml: define({
    key: "welcome_email_template_html",
    fallback: DEFAULT_WELCOME_EMAIL_HTML,
    parse: (stored) => parseRichHtml(stored) || DEFAULT_WELCOME_EMAIL_HTML,
    serialize: (value: string) => ({ html_content: sanitizeRichHtml(value) }),
  }),
  homepageMainTitleLine1: plainText("homepage_main_title_line1", "Join the Crew!"),
  homepageMetaDescription: plainText(
    "homepage_meta_description",
    "Join the crew of a new animated adventure series: sign up for the waitlist, share your link, earn points and win monthly prizes.",
  ),
  homepageMainTitleLine2: plainText("homepage_main_title_line2", "The adventure starts soon"),
  homepageMainSubtitle: richText(
    "homepage_main_subtitle",
    "<p>Be first in line for trailers, behind-the-scenes peeks and monthly giveaways.</p>",
  ),
  confirmationPageTitle: plainText("confirmation_page_title", "Thanks for joining the crew"),
  confirmationPageMessage: richText(
    "confirmation_page_message",
    "<p>Share your link with friends and family: every friend who joins earns you 10 points.</p>",
  ),
};

type Definitions = typeof SETTING_DEFINITIONS;
export type SettingName = keyof Definitions;
export type SiteSettings = { [K in SettingName]: Definitions[K]["fallback"] };

const SETTING_NAMES = Object.keys(SETTING_DEFINITIONS) as SettingName[];

// Every request reads settings (the join alone reads a handful), so each process keeps
// the stored rows in memory. A save empties this process's copy at once; other processes
// empty theirs on the change notification (NOTIFY at commit); and a copy never lives
// longer than CACHE_TTL_MS, which bounds staleness if a notification is missed while the
// listening connection is down (ADR 0038).
const CACHE_TTL_MS = 5_000;
let cached: { rows: Map<string, unknown>; loadedAt: number } | null = null;
let loading: Promise<Map<string, unknown>> | null = null;
let generation = 0;
let isListening = false;

/** Forget the in-memory copy (after a save, on a change notification, or a test's raw write). */
export function forgetCachedSettings(): void {
  cached = null;
  loading = null;
  generation += 1;
}

function listenForChanges() {
  if (isListening) return;
  isListening = true;
  subscribe(SITE_SETTINGS_CHANNEL, forgetCachedSettings).catch(() => {
    isListening = false; // try again at the next read; the TTL covers the gap
  });
}

async function storedSettings(): Promise<Map<string, unknown>> {
  listenForChanges();
  if (cached && Date.now() - cached.loadedAt < CACHE_TTL_MS) return cached.rows;
  if (!loading) {
    const started = generation;
    const loadedAt = Date.now();
    loading = db
      .select({ key: siteSettings.key, value: siteSettings.value })
      .from(siteSettings)
      .then((rows) => {
        const byKey = new Map(rows.map((row) => [row.key, row.value as unknown]));
        // A save or notification during the read makes this copy too old to keep.
        if (generation === started) cached = { rows: byKey, loadedAt };
        return byKey;
      })
      .finally(() => {
        if (generation === started) loading = null;
      });
  }
  return loading;
}

/** Reads the named settings (all by default), applying the spec's defaults and normalisation. */
export async function getSiteSettings<K extends SettingName = SettingName>(
  names: readonly K[] = SETTING_NAMES as K[],
): Promise<Pick<SiteSettings, K>> {
  const storedByKey = await storedSettings();
  const result = {} as Record<SettingName, unknown>;
  for (const name of names) {
    const definition = SETTING_DEFINITIONS[name] as Definition<unknown>;
    result[name] = storedByKey.has(definition.key) ? definition.parse(storedByKey.get(definition.key)) : definition.fallback;
  }
  return result as Pick<SiteSettings, K>;
}

export async function getSiteSetting<K extends SettingName>(name: K): Promise<SiteSettings[K]> {
  const settings = await getSiteSettings([name]);
  return settings[name];
}

/**
 * Upserts the given settings in one transaction, recording who saved them, and
 * announces the change to every app process (NOTIFY is delivered on commit).
 */
export async function saveSiteSettings(
  changes: Partial<SiteSettings>,
  adminUserId: string | null,
  transaction?: Transaction,
): Promise<void> {
  const names = (Object.keys(changes) as SettingName[]).filter((name) => name in SETTING_DEFINITIONS);
  if (names.length === 0) return;
  await saveSettingRows(
    names.map((name) => {
      const definition = SETTING_DEFINITIONS[name] as Definition<unknown>;
      return { key: definition.key, value: definition.serialize(changes[name]) };
    }),
    adminUserId,
    transaction,
  );
}

/**
 * What is stored under these keys, unparsed (absent keys are absent), from the same
 * in-memory copy as getSiteSettings. For values whose key is made rather than defined:
 * a content field's translation (app/lib/content/content.server.ts, ADR 0054).
 */
export async function getStoredSettingValues(keys: readonly string[]): Promise<Map<string, unknown>> {
  const storedByKey = await storedSettings();
  return new Map(keys.filter((key) => storedByKey.has(key)).map((key) => [key, storedByKey.get(key)]));
}

/**
 * Upserts already serialised rows (audited when an admin saves them) and announces the
 * change; saveSiteSettings and the content translations both write through it.
 */
export async function saveSettingRows(entries: { key: string; value: unknown }[], adminUserId: string | null, transaction?: Transaction): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((entry) => ({ key: entry.key, value: toJsonb(entry.value), lastUpdatedByAdminId: adminUserId }));
  const write = async (tx: Transaction) => {
    if (adminUserId) {
      const keys = rows.map((row) => row.key);
      const previous = await tx.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings).where(inArray(siteSettings.key, keys));
      await recordAdminAuditEvent(tx, adminUserId, {
        action: "settings.saved",
        targetType: "settings",
        targetId: keys.join(", ").slice(0, 200),
        before: Object.fromEntries(previous.map((row) => [row.key, row.value])),
        after: Object.fromEntries(entries.map((entry) => [entry.key, entry.value])),
      });
    }
    await tx
      .insert(siteSettings)
      .values(rows)
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: {
          value: sql`excluded.value`,
          lastUpdatedByAdminId: sql`excluded.last_updated_by_admin_id`,
          updatedAt: sql`now()`,
        },
      });
    // Delivered at commit, to every app process listening (SSE to open pages).
    await tx.execute(sql`select pg_notify(${SITE_SETTINGS_CHANNEL}, ${JSON.stringify(rows.map((row) => row.key))})`);
  };
  forgetCachedSettings();
  if (transaction) await write(transaction);
  else await db.transaction(write);
  forgetCachedSettings();
}

/** Inserts settings that have no row yet (seed); never overwrites an admin's choice. */
export async function seedDefaultSettings(values: Partial<SiteSettings>): Promise<void> {
  const names = Object.keys(values) as SettingName[];
  if (names.length === 0) return;
  await db
    .insert(siteSettings)
    .values(
      names.map((name) => {
        const definition = SETTING_DEFINITIONS[name] as Definition<unknown>;
        return { key: definition.key, value: toJsonb(definition.serialize(values[name])) };
      }),
    )
    .onConflictDoNothing({ target: siteSettings.key });
  forgetCachedSettings();
}
