import { z } from "zod";
import { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE, emailAddressSchema } from "../email/email-address.schema";
import { botGuardFields } from "../security/bot-guard.schema";
import { noControlCharacters } from "~/lib/text-rules";
import { SIGNUP_ERROR_MESSAGE } from "./join-form";

// The e-mail rule is shared with login and contact (one rule, the one sign-in accepts).
export { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE };

export { SIGNUP_ERROR_MESSAGE };

export const JoinInputSchema = z.object({
  email: emailAddressSchema(EMAIL_REQUIRED_MESSAGE),
  // Coarse location hints the browser sends (never a third-party lookup).
  timeZone: z.string().trim().max(64).refine(...noControlCharacters).optional().catch(undefined),
  language: z.string().trim().max(35).refine(...noControlCharacters).optional().catch(undefined),
  ...botGuardFields,
});
export type JoinInput = z.infer<typeof JoinInputSchema>;
