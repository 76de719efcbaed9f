import { z } from "zod";
import { EMAIL_INVALID_MESSAGE, EMAIL_MAX_LENGTH, EMAIL_REQUIRED_MESSAGE } from "./email-messages";

/**
 * The one e-mail address rule for joining, signing in and the contact form: a trimmed
 * address; `requiredMessage` is the form's own wording for an empty field.
 *
 * It is zod's `z.email()` because that is what Better Auth's magic-link endpoint
 * (`/sign-in/magic-link`) validates with: an address we accept on the waitlist can
 * always sign in. No non-ASCII local parts, no `..`, a top-level domain of 2+ letters.
 */
export function emailAddressSchema(requiredMessage: string = EMAIL_REQUIRED_MESSAGE) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(EMAIL_MAX_LENGTH, EMAIL_INVALID_MESSAGE)
    .pipe(z.email(EMAIL_INVALID_MESSAGE));
}

export const EmailAddressSchema = emailAddressSchema();

/** True when `value` (after trimming) passes the shared rule. */
export function isEmailAddress(value: string): boolean {
  return EmailAddressSchema.safeParse(value).success;
}
