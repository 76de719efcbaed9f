// What the invite page says (ADR 0049): the page renders these, the domain throws them; English
// text, their own ids, in the invite page's catalog (lingui.config.ts).
export const NOT_YOURS_MESSAGE = /*i18n*/ "This invite belongs to another crew member. Sign in with the e-mail address it was sent to.";
export const INVALID_CODE_MESSAGE = /*i18n*/ "This invite link is incomplete or was changed. Please open it again from your invite e-mail.";
export const GONE_MESSAGE = /*i18n*/ "This invite is no longer valid. Your dashboard shows where you stand.";
