// What the join form needs before Zod loads (ADR 0025): its message and its native
// constraints, as Conform derives them from `JoinFormSchema` (a test keeps them equal).
import type { SubmissionResult } from "@conform-to/react";

/** What a refused waitlist post answers with: Conform's reply and the form's message. */
export type JoinActionData = { form?: SubmissionResult<string[]>; formError?: string };

/** Spec §5: the inline message of a sign-up that failed (with the 'Signup Error' toast). */
export const SIGNUP_ERROR_MESSAGE =
  /*i18n*/ "There was an issue signing you up. Please try again or contact support if this persists.";

export const JOIN_FORM_CONSTRAINTS = {
  email: { required: true },
  birthMonth: { required: true },
  birthYear: { required: true },
  country: { required: false },
  timeZone: { required: true },
  language: { required: true },
  altcha: { required: true },
  website: { required: true },
};
