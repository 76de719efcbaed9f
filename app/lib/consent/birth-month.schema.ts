import { z } from "zod";
import { BIRTH_DATE_MESSAGE, checkBirthMonth } from "./age";

/** The age question's two fields, as every form that asks it posts them. */
export const birthMonthFields = {
  birthMonth: z.string({ message: BIRTH_DATE_MESSAGE }).trim().max(4, BIRTH_DATE_MESSAGE),
  birthYear: z.string({ message: BIRTH_DATE_MESSAGE }).trim().max(8, BIRTH_DATE_MESSAGE),
};

/** An impossible date is refused on the year field with checkBirthMonth's message. */
export function refineBirthMonth(value: { birthMonth: string; birthYear: string }, context: z.RefinementCtx) {
  const checked = checkBirthMonth(value.birthMonth, value.birthYear, new Date());
  if (!checked.ok) context.addIssue({ code: "custom", path: [value.birthMonth === "" ? "birthMonth" : "birthYear"], message: checked.message });
}
