import { z } from "zod";
import { EMAIL_MISSING_MESSAGE, emailAddressSchema } from "../email/email-address.schema";
import { botGuardFields } from "../security/bot-guard.schema";
import { LOGIN_FAILED_MESSAGE } from "./login-form";

export const EMAIL_REQUIRED_MESSAGE = EMAIL_MISSING_MESSAGE;
export { LOGIN_FAILED_MESSAGE };

export const LoginInputSchema = z.object({
  email: emailAddressSchema(EMAIL_MISSING_MESSAGE),
  redirectTo: z.string().optional(),
  ...botGuardFields,
});

export type LoginInput = z.infer<typeof LoginInputSchema>;
