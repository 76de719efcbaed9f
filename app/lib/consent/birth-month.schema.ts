import { z } from "zod";
import { checkBirthMonth } from "./age";
import { BIRTH_DATE_MESSAGE } from "./age-messages";

/**
 * The country picked on the age question (ADR 0063): two letters, upper case; anything else
 * (none picked, a longer value) is no country. Which codes have a consent age of their own is
 * the server's rule (consentAgeFor, which also treats a code no country has as none); the
 * form's schema carries no country list, so the page's script stays small.
 */
export const ageCountryField = z
  .string()
  .max(8)
  .catch("")
  .transform((value) => (/^[A-Za-z]{2}$/.test(value.trim()) ? value.trim().toUpperCase() : undefined))
  .optional();

/** The age question's fields, as every form that asks it posts them. */
export const birthMonthFields = {
  birthMonth: z.string({ message: BIRTH_DATE_MESSAGE }).trim().max(4, BIRTH_DATE_MESSAGE),
  birthYear: z.string({ message: BIRTH_DATE_MESSAGE }).trim().max(8, BIRTH_DATE_MESSAGE),
  country: ageCountryField,
};

/** An impossible date is refused on the year field with checkBirthMonth's message. */
export function refineBirthMonth(value: { birthMonth: string; birthYear: string }, context: z.RefinementCtx) {
  const checked = checkBirthMonth(value.birthMonth, value.birthYear, new Date());
  if (!checked.ok) context.addIssue({ code: "custom", path: [value.birthMonth === "" ? "birthMonth" : "birthYear"], message: checked.message });
}
