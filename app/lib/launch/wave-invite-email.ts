import type { I18n } from "@lingui/core";
import { escapeHtml, htmlToText, renderEmail, type EmailFooter } from "../email/layout";

export type WaveInviteEmailInput = { i18n: I18n; siteName: string; crewName: string; inviteUrl: string; footer?: EmailFooter };

/**
 * The invitation of a wave (ADR 0049): the member's crew name and the button to their own
 * invite page. It says the link works only for this address, so a forwarded copy is no use.
 */
export function renderWaveInviteEmail({ i18n, siteName, crewName, inviteUrl, footer }: WaveInviteEmailInput) {
  const bodyHtml = [
    `<p>${escapeHtml(i18n._("Hi {crewName} — your wait is over: you're invited in!", { crewName }))}</p>`,
    `<p>${escapeHtml(i18n._("Open your invite below and sign in with this e-mail address to accept it. The invite is yours alone: it works only for this address, once."))}</p>`,
    `<p>${escapeHtml(i18n._("See you inside,"))}<br>${escapeHtml(i18n._("The {siteName} team", { siteName }))}</p>`,
  ].join("");
  const rendered = renderEmail({ i18n, siteName, bodyHtml, bodyText: htmlToText(bodyHtml), action: { label: i18n._("Accept your invite"), url: inviteUrl }, footer });
  return { subject: waveInviteSubject(i18n, siteName), ...rendered };
}

export const waveInviteSubject = (i18n: I18n, siteName: string) => i18n._("You're invited: your place in {siteName} is ready", { siteName });
