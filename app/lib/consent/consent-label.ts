import type { ConsentMethod } from "./consent-rules";

type ConsentRecord = { consentMethod: ConsentMethod | null; consentAt: Date | string | null; privacyNoticeVersion: number | null };

/** A member's consent record in words, as admins see it on the member and in the CSV export (ADR 0041). */
export function describeConsent({ consentMethod, consentAt, privacyNoticeVersion }: ConsentRecord): string {
  if (!consentMethod || !consentAt) return "Not recorded (joined before the age question)";
  const date = (typeof consentAt === "string" ? new Date(consentAt) : consentAt).toISOString().slice(0, 10);
  const how = consentMethod === "parent_email_plus" ? "Parent (e-mail plus)" : "Self";
  return `${how}, ${date}, privacy notice v${privacyNoticeVersion ?? "?"}`;
}
