// What the join form needs before Zod loads (ADR 0025): its message and its native
// constraints, as Conform derives them from `JoinInputSchema` (a test keeps them equal).

/** Spec §5: the inline message of a sign-up that failed (with the 'Signup Error' toast). */
export const SIGNUP_ERROR_MESSAGE =
  "There was an issue signing you up. Please try again or contact support if this persists.";

export const JOIN_FORM_CONSTRAINTS = {
  email: { required: true },
  timeZone: { required: true },
  language: { required: true },
  altcha: { required: true },
  website: { required: true },
};
