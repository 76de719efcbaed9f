// The e-mail field's messages, apart from its schema: public pages show them without loading Zod.
export const EMAIL_INVALID_MESSAGE = /*i18n*/ "Please enter a valid email address.";
/** Spec §5 (join waitlist). */
export const EMAIL_REQUIRED_MESSAGE = /*i18n*/ "Email address is required.";
/** Login and contact forms. */
export const EMAIL_MISSING_MESSAGE = /*i18n*/ "Please enter your email address.";
export const EMAIL_MAX_LENGTH = 254;
