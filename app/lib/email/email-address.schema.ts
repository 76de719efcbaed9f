import { z } from "zod";

/**
 * The one e-mail address rule for joining, signing in and the contact form.
 *
 * It is zod's `z.email()` because that is what Better Auth's magic-link endpoint
 * (`/sign-in/magic-link`) validates with: an address we accept on the waitlist can
 * always sign in. No non-ASCII local parts, no `..`, a top-level domain of 2+ letters.
 */
export const EMAIL_INVALID_MESSAGE = "Please enter a valid email address.";
/** Spec §5 (join waitlist). */
export const EMAIL_REQUIRED_MESSAGE = "Email address is required.";
/** Login and contact forms. */
export const EMAIL_MISSING_MESSAGE = "Please enter your email address.";
export const EMAIL_MAX_LENGTH = 254;

/** A trimmed e-mail address field; `requiredMessage` is the form's own wording for an empty field. */
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
