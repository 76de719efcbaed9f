import { escapeHtml } from "~/lib/email/layout";

/** What a broadcast may say about the member it goes to (ADR 0050); anything else in braces is refused. */
export const BROADCAST_PLACEHOLDERS = {
  "{{CREW_NAME}}": "their crew name",
  "{{PLACE_IN_LINE}}": "their place on the all-time leaderboard",
  "{{POINTS}}": "their points",
  "{{REFERRAL_LINK}}": "their referral link",
  "{{INVITE_LINK}}": "their invite link (only when the audience is a wave)",
} as const;

export type BroadcastPlaceholder = keyof typeof BROADCAST_PLACEHOLDERS;
export type BroadcastValues = { crewName: string; placeInLine: number | null; points: number; referralLink: string; inviteLink: string | null };

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Every `{{…}}` in the text that is not one of ours, as written. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = [...text.matchAll(PLACEHOLDER)].map((match) => match[0]).filter((found) => !Object.hasOwn(BROADCAST_PLACEHOLDERS, found));
  return [...new Set(unknown)];
}

export function usesPlaceholder(text: string, placeholder: BroadcastPlaceholder): boolean {
  return text.includes(placeholder);
}

/** The member's place and points as their language writes them ("#1,204", "no está en la clasificación"). */
export type ShownNumbers = { placeInLine: string; points: string };

/** The subject with the member's values: plain text. */
export function fillBroadcastSubject(subject: string, values: BroadcastValues, shown: ShownNumbers): string {
  return subject
    .replaceAll("{{CREW_NAME}}", values.crewName)
    .replaceAll("{{PLACE_IN_LINE}}", shown.placeInLine)
    .replaceAll("{{POINTS}}", shown.points)
    .replaceAll("{{REFERRAL_LINK}}", values.referralLink)
    .replaceAll("{{INVITE_LINK}}", values.inviteLink ?? "");
}

const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;

/** The (sanitised) body with the member's values, escaped; a missing invite link throws, so the message is not sent without it. */
export function fillBroadcastBody(html: string, values: BroadcastValues, shown: ShownNumbers): string {
  if (html.includes("{{INVITE_LINK}}") && !values.inviteLink) throw new Error("the message names an invite link and the member has none");
  return html
    .replaceAll("{{CREW_NAME}}", escapeHtml(values.crewName))
    .replaceAll("{{PLACE_IN_LINE}}", escapeHtml(shown.placeInLine))
    .replaceAll("{{POINTS}}", escapeHtml(shown.points))
    .replaceAll("{{REFERRAL_LINK}}", link(values.referralLink))
    .replaceAll("{{INVITE_LINK}}", values.inviteLink ? link(values.inviteLink) : "");
}
