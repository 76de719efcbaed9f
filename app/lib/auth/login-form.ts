// What the sign-in form needs before Zod loads (ADR 0025): its message and its native
// constraints, as Conform derives them from `LoginInputSchema` (a test keeps them equal).

/** Spec §5: the 'Login Failed' toast's text when there is no more specific message. */
export const LOGIN_FAILED_MESSAGE = /*i18n*/ "Could not send magic link. Please try again.";

export const LOGIN_FORM_CONSTRAINTS = {
  email: { required: true },
  redirectTo: { required: false },
  altcha: { required: true },
  website: { required: true },
};
