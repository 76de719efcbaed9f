import { z } from "zod";
import { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE, emailAddressSchema } from "../email/email-address.schema";
import { botGuardFields } from "../security/bot-guard.schema";
import { noControlCharacters } from "~/lib/text-rules";

// The e-mail rule is shared with login and contact (one rule, the one sign-in accepts).
export { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE };

/** Spec §5: the inline message of a sign-up that failed (with the 'Signup Error' toast). */
export const SIGNUP_ERROR_MESSAGE =
  "There was an issue signing you up. Please try again or contact support if this persists.";

export const JoinInputSchema = z.object({
  email: emailAddressSchema(EMAIL_REQUIRED_MESSAGE),
  // Coarse location hints the browser sends (never a third-party lookup).
  timeZone: z.string().trim().max(64).refine(...noControlCharacters).optional().catch(undefined),
  language: z.string().trim().max(35).refine(...noControlCharacters).optional().catch(undefined),
  ...botGuardFields,
});
export type JoinInput = z.infer<typeof JoinInputSchema>;
