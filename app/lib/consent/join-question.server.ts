import { i18nFor } from "../i18n/catalogs.server";
import type { Language } from "../../kernel/i18n/languages";
import { getSiteSetting } from "../settings/settings.server";
import { ageQuestionChoices } from "./consent-age-by-country";
import { PARENT_EMAIL_LABEL, PARENT_FIRST_TEXT } from "./parent-first-words";
import type { JoinQuestion } from "./join-question";

/**
 * What the join forms ask besides an address: the neutral age question for a mixed
 * audience, or — when the site runs "children first" (ADR 0066) — no age at all, the
 * address being the parent's or guardian's. The words come from here, so the page's
 * script carries neither variant's text.
 */
export async function joinFormQuestion(acceptLanguage: string | null | undefined, language: Language, locale: string = language): Promise<JoinQuestion> {
  if ((await getSiteSetting("siteAudience")) !== "children_first") return ageQuestionChoices(acceptLanguage, locale);
  const i18n = i18nFor(language);
  return { parentFirst: { label: i18n._(PARENT_EMAIL_LABEL), text: i18n._(PARENT_FIRST_TEXT) } };
}
