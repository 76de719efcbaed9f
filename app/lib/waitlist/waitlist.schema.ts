import { z } from "zod";

export const EMAIL_REQUIRED_MESSAGE = "Email address is required.";
export const EMAIL_INVALID_MESSAGE = "Please enter a valid email address.";

// Spec §5: a basic {local}@{domain}.{tld} pattern without spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const JoinInputSchema = z.object({
  email: z
    .string({ error: EMAIL_REQUIRED_MESSAGE })
    .trim()
    .min(1, EMAIL_REQUIRED_MESSAGE)
    .max(254, EMAIL_INVALID_MESSAGE)
    .regex(EMAIL_PATTERN, EMAIL_INVALID_MESSAGE),
  // Coarse location hints the browser sends (never a third-party lookup).
  timeZone: z.string().trim().max(64).optional().catch(undefined),
  language: z.string().trim().max(35).optional().catch(undefined),
});
export type JoinInput = z.infer<typeof JoinInputSchema>;
