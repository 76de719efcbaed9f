// The words of a join form when the site runs "children first" (ADR 0066): apart from the
// parent step's (ask-parent.ts), so the home page's script carries only these two.
export const PARENT_EMAIL_LABEL = /*i18n*/ "Parent's or guardian's e-mail address";
export const PARENT_FIRST_TEXT = /*i18n*/ "Every crew member joins with a grown-up's yes. We'll e-mail your parent or guardian, and keep nothing about you unless they say yes.";
