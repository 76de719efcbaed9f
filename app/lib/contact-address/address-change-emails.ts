import type { I18n } from "@lingui/core";
import { escapeHtml, renderEmail } from "../email/layout";

/** The e-mail to the new address: its link proves the member can read it. */
export function renderAddressChangeConfirmation(input: { i18n: I18n; siteName: string; confirmUrl: string; hours: number }) {
  const { i18n, siteName } = input;
  const intro = i18n._("Someone signed in to {siteName} asked to use this address for their membership from now on.", { siteName });
  const ask = i18n._("If that was you, confirm with the button below (it works once, for {hours} hours). If not, ignore this e-mail: nothing changes.", { hours: input.hours });
  return {
    subject: i18n._("Confirm your new address for {siteName}", { siteName }),
    ...renderEmail({
      i18n,
      siteName,
      bodyHtml: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(ask)}</p>`,
      bodyText: `${intro}\n\n${ask}`,
      action: { label: i18n._("Confirm my new address"), url: input.confirmUrl },
    }),
  };
}

/** The note to the old address once the change is made: a takeover does not go unnoticed. */
export function renderAddressChangedNotice(input: { i18n: I18n; siteName: string; contactEmail: string }) {
  const { i18n, siteName } = input;
  const text = i18n._(
    "The e-mail address of your {siteName} membership was just changed, so we will write to the new one from now on. If you didn't do this, write to {contactEmail} and we'll put it right.",
    { siteName, contactEmail: input.contactEmail },
  );
  return {
    subject: i18n._("Your {siteName} address was changed", { siteName }),
    ...renderEmail({ i18n, siteName, bodyHtml: `<p>${escapeHtml(text)}</p>`, bodyText: text }),
  };
}
