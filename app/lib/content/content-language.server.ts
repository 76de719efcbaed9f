import { data } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../kernel/i18n/languages";

/** The language tab a content editor shows (`?language=es`; English when left out). An unknown one is a 400. */
export function requireContentLanguage(request: Request): Language {
  const language = new URL(request.url).searchParams.get("language") ?? DEFAULT_LANGUAGE;
  if (!isLanguage(language)) throw data({ error: "Unknown language." }, { status: 400 });
  return language;
}
