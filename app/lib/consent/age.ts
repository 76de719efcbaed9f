import { BIRTH_DATE_IMPOSSIBLE, BIRTH_DATE_MESSAGE } from "./age-messages";
/**
 * The neutral age question (ADR 0041): birth month and year, nothing about the cut-off.
 * Only the band is kept, never the date. Pure, so the form, the embed, the API and the
 * prize claim all decide the same way.
 */

/** Below this age a parent's consent comes first. 13 under COPPA; some EU countries ask 14, 15 or 16 (GDPR Art. 8). */
export const CONSENT_AGE = { min: 13, max: 18, fallback: 13 };
/** Days a parent has to answer before the request and their address are deleted. */
export const CONSENT_REQUEST_DAYS = { min: 1, max: 30, fallback: 7 };
/** Nobody is older than this; a birth year before it is a typing mistake. */
export const OLDEST_AGE = 120;

export type AgeBand = "under_consent_age" | "consent_age_or_over";
export type BirthMonth = { month: number; year: number };

export type BirthMonthCheck = { ok: true; birth: BirthMonth } | { ok: false; message: string };


/** Reads what was typed or picked: month 1–12, a four-digit year, not in the future, not over 120 years ago. */
export function checkBirthMonth(monthText: unknown, yearText: unknown, now: Date): BirthMonthCheck {
  const month = wholeNumberOf(monthText);
  const year = wholeNumberOf(yearText);
  if (month === null || year === null) return { ok: false, message: BIRTH_DATE_MESSAGE };
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (month < 1 || month > 12) return { ok: false, message: BIRTH_DATE_IMPOSSIBLE };
  if (year > thisYear || (year === thisYear && month > thisMonth)) return { ok: false, message: BIRTH_DATE_IMPOSSIBLE };
  if (year < thisYear - OLDEST_AGE) return { ok: false, message: BIRTH_DATE_IMPOSSIBLE };
  return { ok: true, birth: { month, year } };
}

/**
 * The band of someone born in that month. Without the day, a person born this month may
 * not have had their birthday yet: they count as the younger age, so a child is never
 * taken for old enough.
 */
export function ageBandOf(birth: BirthMonth, consentAge: number, now: Date): AgeBand {
  const monthsOld = (now.getUTCFullYear() - birth.year) * 12 + (now.getUTCMonth() + 1 - birth.month);
  const fullYears = Math.floor((monthsOld - 1) / 12);
  return fullYears >= consentAge ? "consent_age_or_over" : "under_consent_age";
}

function wholeNumberOf(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,4}$/.test(text)) return null;
  return Number(text);
}
