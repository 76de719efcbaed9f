/** How long the link to confirm a new contact address works. */
export const ADDRESS_CHANGE_LINK_HOURS = 24;

/** A member may ask for this many address changes an hour, and this many a day. */
export const ADDRESS_CHANGES_PER_HOUR = { limit: 3, windowSeconds: 60 * 60 };
export const ADDRESS_CHANGES_PER_DAY = { limit: 6, windowSeconds: 24 * 60 * 60 };

export const SAME_ADDRESS_MESSAGE = /*i18n*/ "That's the address we already have for you.";
// ICU, with the minutes (FRESH_SIGN_IN_MINUTES, as for export and erasure): said in the page's language by userMessageIn.
export const ADDRESS_CHANGE_FRESH_SIGN_IN_MESSAGE = /*i18n*/ "For your safety, changing your address needs a sign-in from the last {minutes} minutes. We can e-mail you a new sign-in link.";
export const ADDRESS_CHANGE_LIMIT_MESSAGE = /*i18n*/ "You've asked to change your address several times. Please try again later.";
