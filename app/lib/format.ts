// The one place dates become text. The server render and the first
// browser render both use UTC and en-US, so hydration always matches; after
// hydration <LocalTime> re-renders in the viewer's own zone and locale.

export type FormatZone = { timeZone: string; locale: string };

export const SERVER_ZONE: FormatZone = { timeZone: "UTC", locale: "en-US" };

export type DateStyle = "date" | "dateTime";

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: "medium" },
  dateTime: { dateStyle: "medium", timeStyle: "short" },
};

/** The browser's own zone and language; the server answer on the server. */
export function viewerZone(): FormatZone {
  if (typeof window === "undefined") return SERVER_ZONE;
  try {
    const { timeZone } = Intl.DateTimeFormat().resolvedOptions();
    return { timeZone: timeZone || "UTC", locale: navigator.language || "en-US" };
  } catch {
    return SERVER_ZONE;
  }
}

/**
 * Where a page in another language than English (issue 31) writes its dates: in UTC and its
 * language's locale on the server and while hydrating; then in the viewer's zone, and in the
 * browser's own variant of the page's language (es-MX) or else the language's (es-US), never
 * in a language the page is not in. English pages keep the browser's locale, as before.
 */
export function pageZone(zone: FormatZone, language: string, languageLocale: string): FormatZone {
  if (language === "en") return zone;
  const sameLanguage = zone.locale.toLowerCase().split("-")[0] === language;
  return { timeZone: zone.timeZone, locale: zone === SERVER_ZONE || !sameLanguage ? languageLocale : zone.locale };
}

export function formatDate(value: string | number | Date, style: DateStyle, zone: FormatZone): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  try {
    return date.toLocaleString(zone.locale, { ...OPTIONS[style], timeZone: zone.timeZone });
  } catch {
    return date.toLocaleString(SERVER_ZONE.locale, { ...OPTIONS[style], timeZone: SERVER_ZONE.timeZone });
  }
}
