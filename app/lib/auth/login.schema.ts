import { z } from "zod";

export const EMAIL_REQUIRED_MESSAGE = "Please enter your email address.";

export const LoginInputSchema = z.object({
  email: z
    .string({ error: EMAIL_REQUIRED_MESSAGE })
    .trim()
    .min(1, EMAIL_REQUIRED_MESSAGE)
    .max(254, "Please enter a valid email address.")
    .pipe(z.email("Please enter a valid email address.")),
  redirectTo: z.string().optional(),
});

export type LoginInput = z.infer<typeof LoginInputSchema>;
