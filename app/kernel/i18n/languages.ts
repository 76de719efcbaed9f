// The languages the site speaks (issue 31). A member's language is one of these; what the
// visitor's browser prefers is matched against them (preferredLanguage).
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
/**
 * The languages translated from English. What each needs of its own (built-in site text,
 * its privacy notice's edition) is a Record over these, so a new language is a type error
 * until it has them.
 */
export type TranslatedLanguage = Exclude<Language, "en">;

export function isTranslatedLanguage(language: Language): language is TranslatedLanguage {
  return language !== DEFAULT_LANGUAGE;
}

/** LANGUAGES without the default, in their order. */
export const TRANSLATED_LANGUAGES = LANGUAGES.filter(isTranslatedLanguage) as [TranslatedLanguage, ...TranslatedLanguage[]];

/** Each language's name in English, for the back office (which stays English, issue 31). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", es: "Spanish" };

/**
 * How each language writes numbers and dates: as in the United States, where the series
 * launches first ("1,204", "27 de noviembre"; plain "es" would write "1204" and "12.345").
 */
export const FORMAT_LOCALES: Record<Language, string> = { en: "en-US", es: "es-US" };

/** Each language's name in itself, for the switcher: a reader finds their own language by its own name. */
export const LANGUAGE_ENDONYMS: Record<Language, string> = { en: "English", es: "Español" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}
