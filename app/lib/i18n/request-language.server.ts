import { parse, serialize } from "cookie";
import { getEnv } from "../../kernel/env.server";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../kernel/i18n/languages";
import { preferredLanguage } from "./preferred-language.server";

/** The visitor's choice of language, kept a year. Not personal: it says "es" or "en", for everyone who chose it. */
export const LANGUAGE_COOKIE = "lc_lang";
/** `?lang=es` shows a page in that language: the hreflang alternates, and a shared link, name it. */
export const LANGUAGE_PARAMETER = "lang";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** What a request says of its reader's language. */
export type LanguageHints = { url: string; cookieHeader: string | null | undefined; acceptLanguage: string | null | undefined };

/**
 * The language a page is given in: `?lang=`, then the visitor's choice (cookie), then the
 * browser's Accept-Language. The back office stays English (ADR 0053).
 */
export function pageLanguage(hints: LanguageHints): Language {
  if (isBackOfficePath(hints.url)) return DEFAULT_LANGUAGE;
  return askedLanguage(hints.url) ?? chosenLanguage(hints.cookieHeader) ?? preferredLanguage(hints.acceptLanguage);
}

function isBackOfficePath(url: string): boolean {
  const { pathname } = new URL(url, "http://localhost");
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

export function requestLanguage(request: Request): Language {
  return pageLanguage({ url: request.url, cookieHeader: request.headers.get("Cookie"), acceptLanguage: request.headers.get("Accept-Language") });
}

/** The language the URL asks for (`?lang=es`), if it names one the site speaks. */
export function askedLanguage(url: string): Language | null {
  const asked = new URL(url, "http://localhost").searchParams.get(LANGUAGE_PARAMETER);
  return isLanguage(asked) ? asked : null;
}

function chosenLanguage(cookieHeader: string | null | undefined): Language | null {
  if (!cookieHeader) return null;
  const chosen = parse(cookieHeader)[LANGUAGE_COOKIE];
  return isLanguage(chosen) ? chosen : null;
}

/** The Set-Cookie header that keeps a visitor's choice. */
export function languageCookie(language: Language): string {
  return serialize(LANGUAGE_COOKIE, language, {
    path: "/",
    maxAge: ONE_YEAR_SECONDS,
    sameSite: "lax",
    httpOnly: true,
    secure: getEnv().isHttps,
  });
}
