import { getSiteSetting } from "../settings/settings.server";
import type { MemberConsent } from "../waitlist/join/join-rules.server";
import { ageBandOf, checkBirthMonth, type AgeBand } from "./age";
import type { AgePass } from "./age-pass.server";
import { rememberUnderAgeAnswer } from "./age-memory.server";
import { currentPrivacyNotice } from "./privacy-notice.server";
import type { Language } from "../i18n/languages";

/** Where a visitor under the consent age asks a parent. */
export const PARENT_CONSENT_PATH = "/parent-consent";

export type AgeDecision = { band: "under_consent_age" } | { band: "consent_age_or_over"; consent: MemberConsent };

/**
 * The age question's answer, for every way in (ADR 0041, 0061). A device that answered
 * "under" in the last day (`remembered`: its age pass) stays under whatever it answers
 * now, so changing the year does not get through; an answer under the consent age is
 * remembered for the address too (age-memory.server.ts), which the join's own statement
 * checks ('under_age', so a join pays no extra statement) and the prize claim reads. At or over the consent age the visitor consents for themselves to the
 * notice in effect in the language of the page they answered on (`language`, ADR 0054): a
 * member who joins on a Spanish page consents to the Spanish notice's version. The answer
 * was checked by the form's schema (checkBirthMonth).
 */
export async function decideAge({
  birthMonth,
  birthYear,
  email,
  remembered,
  language,
  now = new Date(),
}: {
  birthMonth: string;
  birthYear: string;
  email: string;
  remembered: AgePass | null;
  language: Language;
  now?: Date;
}): Promise<AgeDecision> {
  const checked = checkBirthMonth(birthMonth, birthYear, now);
  if (!checked.ok) throw new Error(`decideAge called with an unchecked answer: ${checked.message}`);
  const answered: AgeBand = ageBandOf(checked.birth, await getSiteSetting("consentAge"), now);
  if (remembered?.band === "under_consent_age" || answered === "under_consent_age") {
    await rememberUnderAgeAnswer(email);
    return { band: "under_consent_age" };
  }
  const notice = await currentPrivacyNotice(language);
  return { band: answered, consent: { ageBand: answered, method: "self", noticeVersion: notice.version } };
}
