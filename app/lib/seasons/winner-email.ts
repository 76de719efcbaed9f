import type { I18n } from "@lingui/core";
import { escapeHtml, htmlToText, renderEmail, type EmailFooter } from "../email/layout";

// The e-mail a confirmed winner gets: the admin's template (winner-email-template.ts)
// filled in, with the button to the prize claim page (ADR 0043).
export type WinnerEmailInput = { i18n: I18n; siteName: string; templateHtml: string; nickname: string; rank: number; prize: string; season: string; claimUrl: string; footer?: EmailFooter };

/** The template filled in, with the claim page's button below it (always there, whatever the template says). */
export function renderWinnerEmail({ i18n, siteName, templateHtml, nickname, rank, prize, season, claimUrl, footer }: WinnerEmailInput) {
  const bodyHtml = templateHtml
    .replaceAll("{{NICKNAME}}", escapeHtml(nickname))
    .replaceAll("{{RANK}}", i18n.number(rank))
    .replaceAll("{{PRIZE}}", escapeHtml(prize))
    .replaceAll("{{SEASON}}", escapeHtml(season));
  const rendered = renderEmail({ i18n, siteName, bodyHtml, bodyText: htmlToText(bodyHtml), action: { label: i18n._("Claim your prize"), url: claimUrl }, footer });
  return { subject: i18n._("Congratulations — you are a {siteName} winner for {season}!", { siteName, season }), ...rendered };
}
