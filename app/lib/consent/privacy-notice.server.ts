import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { recordAuditEvent } from "../audit/audit.server";
import { runTransaction } from "../../kernel/db.server";
import { getSiteSettings } from "../settings/settings.server";
import { DEFAULT_LANGUAGE, isTranslatedLanguage, type Language, type TranslatedLanguage } from "../../kernel/i18n/languages";

/**
 * The edition of the privacy notice's own words (app/routes/privacy.tsx, the parent's
 * notice e-mail): raise it with any change of what they say. A test compares a hash of
 * those files with the one recorded for this edition, so a change cannot forget it.
 */
export const PRIVACY_NOTICE_EDITION = 17;

/**
 * The edition of the notice's Spanish words (ADR 0054): the parent's notice as the Spanish
 * catalog words it (app/locales/es/emails.po) and the Spanish /privacy and /terms (their
 * catalogs, app/locales/es/privacy.po and terms.po). Raise it with any change of them; a
 * test compares a hash of the Spanish words with the one recorded for this edition.
 */
export const SPANISH_NOTICE_EDITION = 8;

/** Each translated language's notice edition (a new language's notice starts at 1). */
const TRANSLATION_EDITIONS: Record<TranslatedLanguage, number> = { es: SPANISH_NOTICE_EDITION };

/** The settings the notice states, so a change of one is a new version. */
const NOTICE_SETTINGS = ["consentAge", "consentAgeByCountry", "consentRequestDays", "unconfirmedMemberDays", "launchDate", "monthsAfterLaunch", "siteAudience"] as const;

export type PrivacyNotice = { version: number; publishedAt: Date; facts: PrivacyNoticeFacts };
export type PrivacyNoticeFacts = {
  edition: number;
  /** Only for a notice shown in another language than English: which, and the edition of its translation. */
  language?: Language;
  translation?: number;
  consentAge: number;
  /** The consent age by country the notice states (ADR 0063); absent in versions before it. */
  consentAgeByCountry?: Record<string, number>;
  consentRequestDays: number;
  unconfirmedMemberDays: number;
  launchDate: string | null;
  monthsAfterLaunch: number | null;
};

const known = new Map<string, PrivacyNotice>();

/** Forgets the versions this process has seen (tests that empty the database call it). */
export function forgetPrivacyNotices(): void {
  known.clear();
}

/**
 * The privacy notice in effect in a language: its version is recorded the first time any
 * process shows it (with an audit row), so every consent names the words it accepted. The
 * Spanish notice is a version of its own (ADR 0054): the same facts with its translation's
 * edition, so a change of the English words, of the Spanish ones or of a stated setting
 * each makes a new version. The English notice's facts are as they always were.
 */
export async function currentPrivacyNotice(language: Language = DEFAULT_LANGUAGE): Promise<PrivacyNotice> {
  const settings = await getSiteSettings([...NOTICE_SETTINGS]);
  const translation = isTranslatedLanguage(language) ? { language, translation: TRANSLATION_EDITIONS[language] } : {};
  const facts: PrivacyNoticeFacts = { edition: PRIVACY_NOTICE_EDITION, ...translation, ...settings };
  const text = JSON.stringify(facts);
  const fingerprint = createHash("sha256").update(text).digest("hex");
  const cached = known.get(fingerprint);
  if (cached) return cached;
  const notice = await runTransaction(async (tx) => {
    const inserted = await tx.execute<{ version: number; published_at: string }>(sql`
      insert into privacy_notice_versions (fingerprint, facts) values (${fingerprint}, ${text})
      on conflict (fingerprint) do nothing returning version, published_at`);
    const row =
      inserted.rows[0] ??
      (await tx.execute<{ version: number; published_at: string }>(sql`select version, published_at from privacy_notice_versions where fingerprint = ${fingerprint}`)).rows[0]!;
    if (inserted.rows[0]) {
      await recordAuditEvent(tx, { kind: "system", name: "privacy notice" }, { action: "privacy_notice.published", targetType: "privacy_notice", targetId: String(row.version), after: facts });
    }
    return { version: Number(row.version), publishedAt: new Date(row.published_at), facts };
  });
  known.set(fingerprint, notice);
  return notice;
}
