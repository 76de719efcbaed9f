import { escapeHtml, htmlToText, renderEmail, type EmailFooter } from "../email/layout";

export type WaveInviteEmailInput = { siteName: string; crewName: string; inviteUrl: string; footer?: EmailFooter };

export const WAVE_INVITE_SUBJECT = (siteName: string) => `You're invited: your place in ${siteName} is ready`;

/**
 * The invitation of a wave (ADR 0049): the member's crew name and the button to their own
 * invite page. It says the link works only for this address, so a forwarded copy is no use.
 */
export function renderWaveInviteEmail({ siteName, crewName, inviteUrl, footer }: WaveInviteEmailInput) {
  const bodyHtml = [
    `<p>Hi ${escapeHtml(crewName)} — your wait is over: you're invited in!</p>`,
    `<p>Open your invite below and sign in with this e-mail address to accept it. The invite is yours alone: it works only for this address, once.</p>`,
    `<p>See you inside,<br>The ${escapeHtml(siteName)} team</p>`,
  ].join("");
  const rendered = renderEmail({ siteName, bodyHtml, bodyText: htmlToText(bodyHtml), action: { label: "Accept your invite", url: inviteUrl }, footer });
  return { subject: WAVE_INVITE_SUBJECT(siteName), ...rendered };
}
