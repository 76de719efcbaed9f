import type { ConsentMethod } from "./consent-rules";

type ConsentRecord = {
  consentMethod: ConsentMethod | null;
  consentAt: Date | string | null;
  privacyNoticeVersion: number | null;
  /** The country given on the age question and the consent age it set (ADR 0063); absent or null before they were kept. */
  consentCountry?: string | null;
  consentAge?: number | null;
};

/** A member's consent record in words, as admins see it on the member and in the CSV export (ADR 0041). */
export function describeConsent({ consentMethod, consentAt, privacyNoticeVersion, consentCountry, consentAge }: ConsentRecord): string {
  if (!consentMethod || !consentAt) return "Not recorded (joined before the age question)";
  const date = (typeof consentAt === "string" ? new Date(consentAt) : consentAt).toISOString().slice(0, 10);
  const how = consentMethod === "parent_email_plus" ? "Parent (e-mail plus)" : "Self";
  const rule = consentAge === null || consentAge === undefined ? "" : `, ${consentCountry ? `country ${consentCountry}` : "no country given"}, consent age ${consentAge}`;
  return `${how}, ${date}, privacy notice v${privacyNoticeVersion ?? "?"}${rule}`;
}
