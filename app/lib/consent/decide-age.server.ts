import { getSiteSettings } from "../settings/settings.server";
import type { MemberConsent } from "../waitlist/join/join-rules.server";
import { ageBandOf, checkBirthMonth, type AgeBand } from "./age";
import { consentAgeFor, type AppliedConsentAge } from "./consent-age-by-country";
import type { AgePass } from "./age-pass.server";
import { rememberUnderAgeAnswer } from "./age-memory.server";
import { currentPrivacyNotice } from "./privacy-notice.server";
import type { Language } from "../../kernel/i18n/languages";

/** Where a visitor under the consent age asks a parent. */
export const PARENT_CONSENT_PATH = "/parent-consent";

/** The band, and the country given on the question with the consent age it chose (ADR 0063): both kept with the consent record. */
export type AgeDecision = ({ band: "under_consent_age" } | { band: "consent_age_or_over"; consent: MemberConsent }) & { applied: AppliedConsentAge };

/**
 * The age question's answer, for every way in (ADR 0041, 0061). A device that answered
 * "under" in the last day (`remembered`: its age pass) stays under whatever it answers
 * now, so changing the year does not get through; an answer under the consent age is
 * remembered for the address too (age-memory.server.ts), which the join's own statement
 * checks ('under_age', so a join pays no extra statement) and the prize claim reads. At or over the consent age the visitor consents for themselves to the
 * notice in effect in the language of the page they answered on (`language`, ADR 0054): a
 * member who joins on a Spanish page consents to the Spanish notice's version. The answer
 * was checked by the form's schema (checkBirthMonth). The consent age is the `country`'s in
 * the studio's table, else the default (ADR 0063); both come from the cached settings, so a
 * join pays no statement for them.
 */
export async function decideAge({
  birthMonth,
  birthYear,
  country,
  email,
  remembered,
  language,
  now = new Date(),
}: {
  birthMonth: string;
  birthYear: string;
  /** The country picked on the age question (ISO 3166-1 alpha-2); absent or unknown: the default age. */
  country?: string | null | undefined;
  email: string;
  remembered: AgePass | null;
  language: Language;
  now?: Date;
}): Promise<AgeDecision> {
  const checked = checkBirthMonth(birthMonth, birthYear, now);
  if (!checked.ok) throw new Error(`decideAge called with an unchecked answer: ${checked.message}`);
  const settings = await getSiteSettings(["consentAge", "consentAgeByCountry"]);
  const applied = consentAgeFor(country, settings.consentAgeByCountry, settings.consentAge);
  const answered: AgeBand = ageBandOf(checked.birth, applied.consentAge, now);
  if (remembered?.band === "under_consent_age" || answered === "under_consent_age") {
    await rememberUnderAgeAnswer(email);
    return { band: "under_consent_age", applied };
  }
  const notice = await currentPrivacyNotice(language);
  return { band: answered, applied, consent: { ageBand: answered, method: "self", noticeVersion: notice.version, country: applied.country, consentAge: applied.consentAge } };
}
