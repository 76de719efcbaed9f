import { escapeHtml, htmlToText, renderEmail } from "../email/layout";

// The e-mail a confirmed winner gets (Admin → Seasons → Winner e-mail, with history like
// the welcome e-mail). Members are children: it asks a parent to reply with an address.
export const DEFAULT_SEASON_WINNER_EMAIL_HTML = [
  "<p>Hi {{NICKNAME}} — you finished #{{RANK}} on the {{SEASON}} leaderboard and won: <strong>{{PRIZE}}</strong>!</p>",
  "<p>Grown-ups: to send the prize, please reply to this e-mail with the name and shipping address it should go to. We only use it to post the prize and delete it afterwards.</p>",
  "<p>Thanks for sharing the adventure,<br>The Vista Crew team</p>",
].join("");

export const WINNER_EMAIL_PLACEHOLDERS = ["{{NICKNAME}}", "{{RANK}}", "{{PRIZE}}", "{{SEASON}}"] as const;

export type WinnerEmailInput = { siteName: string; templateHtml: string; nickname: string; rank: number; prize: string; season: string };

export function renderWinnerEmail({ siteName, templateHtml, nickname, rank, prize, season }: WinnerEmailInput) {
  const bodyHtml = templateHtml
    .replaceAll("{{NICKNAME}}", escapeHtml(nickname))
    .replaceAll("{{RANK}}", String(rank))
    .replaceAll("{{PRIZE}}", escapeHtml(prize))
    .replaceAll("{{SEASON}}", escapeHtml(season));
  const rendered = renderEmail({ siteName, bodyHtml, bodyText: htmlToText(bodyHtml) });
  return { subject: `Congratulations — you are a ${siteName} winner for ${season}!`, ...rendered };
}
