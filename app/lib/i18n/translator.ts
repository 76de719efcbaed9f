import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { FORMAT_LOCALES, type Language } from "../../kernel/i18n/languages";

/**
 * A message with no entry shows its id, which is its English text: a message the server
 * answered with that no catalog lists yet (an API's, a library's) reaches the reader in
 * English rather than as nothing. The catalog check keeps every message in the code listed.
 */
const passThroughMissing = (_locale: string, id: string) => id;

/** A translator for one language and these compiled messages: the server's and the page's alike. */
export function createTranslator(language: Language, messages: Messages): I18n {
  return setupI18n({ locale: language, locales: [FORMAT_LOCALES[language]], messages: { [language]: messages }, missing: passThroughMissing });
}
