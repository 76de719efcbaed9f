import { z } from "zod";
import { emailAddressSchema } from "../email/email-address.schema";
import { EMAIL_REQUIRED_MESSAGE } from "../email/email-messages";
import { botGuardFields } from "../security/bot-guard.schema";
import { noControlCharacters } from "~/lib/text-rules";
import { birthMonthFields, refineBirthMonth } from "../consent/birth-month.schema";

// The e-mail rule is shared with login and contact (one rule, the one sign-in accepts).
export const JoinInputSchema = z.object({
  email: emailAddressSchema(EMAIL_REQUIRED_MESSAGE),
  // Coarse location hints the browser sends (never a third-party lookup).
  timeZone: z.string().trim().max(64).refine(...noControlCharacters).optional().catch(undefined),
  language: z.string().trim().max(35).refine(...noControlCharacters).optional().catch(undefined),
  ...botGuardFields,
});
/** The waitlist form: the address and the neutral age question (ADR 0041), read by checkBirthMonth, kept only as a band. */
export const JoinFormSchema = JoinInputSchema.extend(birthMonthFields).superRefine(refineBirthMonth);
export type JoinInput = z.infer<typeof JoinInputSchema>;
