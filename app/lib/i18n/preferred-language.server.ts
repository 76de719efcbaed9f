import Negotiator from "negotiator";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "../../kernel/i18n/languages";

/**
 * The site's language a browser prefers, from its Accept-Language header: "es-MX" and
 * "es-419" are Spanish; a browser that names neither language, or no header, gets English.
 */
export function preferredLanguage(acceptLanguage: string | null | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  // Negotiator reads at most what a browser sends; an absurd header is cut, not parsed whole.
  const header = acceptLanguage.slice(0, 1024);
  const best = new Negotiator({ headers: { "accept-language": header } }).language([...LANGUAGES]);
  return isLanguage(best) ? best : DEFAULT_LANGUAGE;
}
