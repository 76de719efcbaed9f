// The age question's two refusals, apart from its rule (age.ts): the join form shows them
// before the rule is loaded with the form's schema, so its first load carries only these.
export const BIRTH_DATE_MESSAGE = /*i18n*/ "Enter the month and year you were born.";
export const BIRTH_DATE_IMPOSSIBLE = /*i18n*/ "That date of birth doesn't look right. Check the month and year.";
