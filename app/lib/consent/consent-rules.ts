/**
 * How a member's consent was given (ADR 0041): by themselves at or over the consent age,
 * or by a parent's approval from the e-mailed notice, confirmed by a second e-mail a day
 * later (the FTC's "e-mail plus", 16 CFR 312.5(b)(2)(vi)).
 */
export type ConsentMethod = "self" | "parent_email_plus";

/** The delay before the parent's approval is confirmed by a second e-mail. */
export const CONSENT_CONFIRMATION_DELAY_SECONDS = 24 * 60 * 60;

/** A parent's address may ask for this many consent requests a day, and a network this many an hour. */
export const CONSENT_REQUESTS_PER_PARENT = { limit: 2, windowSeconds: 24 * 60 * 60 };
export const CONSENT_REQUESTS_PER_NETWORK = { limit: 10, windowSeconds: 60 * 60 };

/** Days no consent request goes to an address whose owner answered "This is not my child" (ADR 0062). */
export const NOT_MY_CHILD_DAYS = 30;

/** Children a parent may approve on one address (ADR 0067): a family, not a way to list a class. */
export const FAMILY_CHILDREN_LIMIT = 8;
