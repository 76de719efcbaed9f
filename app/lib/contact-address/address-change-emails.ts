import { escapeHtml, renderEmail } from "../email/layout";

/** The e-mail to the new address: its link proves the member can read it. */
export function renderAddressChangeConfirmation(input: { siteName: string; confirmUrl: string; hours: number }) {
  const intro = `Someone signed in to ${input.siteName} asked to use this address for their membership from now on.`;
  const ask = `If that was you, confirm with the button below (it works once, for ${input.hours} hours). If not, ignore this e-mail: nothing changes.`;
  return {
    subject: `Confirm your new address for ${input.siteName}`,
    ...renderEmail({
      siteName: input.siteName,
      bodyHtml: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(ask)}</p>`,
      bodyText: `${intro}\n\n${ask}`,
      action: { label: "Confirm my new address", url: input.confirmUrl },
    }),
  };
}

/** The note to the old address once the change is made: a takeover does not go unnoticed. */
export function renderAddressChangedNotice(input: { siteName: string; contactEmail: string }) {
  const text = `The e-mail address of your ${input.siteName} membership was just changed, so we will write to the new one from now on. If you didn't do this, write to ${input.contactEmail} and we'll put it right.`;
  return {
    subject: `Your ${input.siteName} address was changed`,
    ...renderEmail({ siteName: input.siteName, bodyHtml: `<p>${escapeHtml(text)}</p>`, bodyText: text }),
  };
}
