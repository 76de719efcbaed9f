import { parentFooter } from "../consent/revoke-link.server";
import type { Executor } from "../../kernel/db.server";
import { enqueueEmail } from "../email/outbox.server";
import { getEnv } from "../../kernel/env.server";
import { i18nFor } from "../i18n/catalogs.server";
import { FORMAT_LOCALES, LANGUAGES, type Language } from "../../kernel/i18n/languages";
import { memberLanguage } from "../waitlist/member-language.server";
import { prizeClaimUrl } from "../prizes/claim-token.server";
import { seasonLabel } from "./season-calendar";
import { renderWinnerEmail } from "./winner-email";
import { resolveContentIn } from "../content/content.server";

export type WinnerMail = { memberId: string; email: string; nickname: string; rank: number; prize: string; parentConsented: boolean };

/**
 * The winner template for readers of each language (ADR 0054, 0057), with the language it
 * is actually in: an admin's English with no translation is English for everyone.
 */
export type WinnerTemplates = Record<Language, { html: string; language: Language }>;

export async function getWinnerTemplates(): Promise<WinnerTemplates> {
  const templates = await Promise.all(
    LANGUAGES.map(async (language) => {
      const { values, languages } = await resolveContentIn(language, ["seasonWinnerEmailTemplateHtml"]);
      return [language, { html: values.seasonWinnerEmailTemplateHtml, language: languages.seasonWinnerEmailTemplateHtml }] as const;
    }),
  );
  return Object.fromEntries(templates) as WinnerTemplates;
}

/**
 * Queues a winner's e-mail with the claim link (at confirmation, and again when an admin
 * sends a new link), from the template in the member's language.
 */
export async function queueWinnerEmail(executor: Executor, season: string, templates: WinnerTemplates, winner: WinnerMail): Promise<void> {
  const { SITE_NAME, CONTACT_EMAIL } = getEnv();
  const template = templates[await memberLanguage(winner.memberId, executor)];
  // The whole e-mail in the language its body is in (the frame follows the body).
  const language = template.language;
  const i18n = i18nFor(language);
  const email = renderWinnerEmail({
    i18n,
    siteName: SITE_NAME,
    templateHtml: template.html,
    nickname: winner.nickname,
    rank: winner.rank,
    prize: winner.prize,
    season: seasonLabel(season, FORMAT_LOCALES[language]),
    claimUrl: prizeClaimUrl(winner.memberId, season),
    footer: winner.parentConsented ? parentFooter(winner.memberId, i18n) : undefined,
  });
  await enqueueEmail({ kind: "season_winner", to: winner.email, replyTo: CONTACT_EMAIL, subject: email.subject, html: email.html, text: email.text, memberId: winner.memberId }, executor);
}
