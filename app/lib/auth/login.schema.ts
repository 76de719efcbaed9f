import { z } from "zod";
import { emailAddressSchema } from "../email/email-address.schema";
import { EMAIL_MISSING_MESSAGE } from "../email/email-messages";
import { botGuardFields } from "../security/bot-guard.schema";

export const LoginInputSchema = z.object({
  email: emailAddressSchema(EMAIL_MISSING_MESSAGE),
  redirectTo: z.string().optional(),
  ...botGuardFields,
});

export type LoginInput = z.infer<typeof LoginInputSchema>;
