import { z } from "zod";
import { EMAIL_MISSING_MESSAGE, emailAddressSchema } from "../email/email-address.schema";

export const EMAIL_REQUIRED_MESSAGE = EMAIL_MISSING_MESSAGE;

export const LoginInputSchema = z.object({
  email: emailAddressSchema(EMAIL_MISSING_MESSAGE),
  redirectTo: z.string().optional(),
});

export type LoginInput = z.infer<typeof LoginInputSchema>;
