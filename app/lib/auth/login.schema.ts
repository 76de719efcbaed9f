import { z } from "zod";
import { EMAIL_MISSING_MESSAGE, emailAddressSchema } from "../email/email-address.schema";
import { botGuardFields } from "../security/bot-guard.schema";

export const EMAIL_REQUIRED_MESSAGE = EMAIL_MISSING_MESSAGE;
/** Spec §5: the 'Login Failed' toast's text when there is no more specific message. */
export const LOGIN_FAILED_MESSAGE = "Could not send magic link. Please try again.";

export const LoginInputSchema = z.object({
  email: emailAddressSchema(EMAIL_MISSING_MESSAGE),
  redirectTo: z.string().optional(),
  ...botGuardFields,
});

export type LoginInput = z.infer<typeof LoginInputSchema>;
