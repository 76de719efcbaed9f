import { LANGUAGE_NAMES, LANGUAGES } from "~/kernel/i18n/languages";

/** The site's languages as a select's options, by their English names (the back office is English). */
export function LanguageOptions() {
  return LANGUAGES.map((language) => (
    <option key={language} value={language}>{LANGUAGE_NAMES[language]}</option>
  ));
}
