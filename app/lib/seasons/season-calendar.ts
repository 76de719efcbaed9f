// Season keys are the first day of the month ("2026-10-01"), in the site's time zone.
const SEASON_KEY = /^(\d{4})-(0[1-9]|1[0-2])-01$/;
const MONTH_PARAM = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isSeasonKey(value: unknown): value is string {
  return typeof value === "string" && SEASON_KEY.test(value);
}

/** "2026-10" (a URL's ?season=) → "2026-10-01"; anything else → null. */
export function seasonKeyFromParam(value: string | null | undefined): string | null {
  const match = MONTH_PARAM.exec(value ?? "");
  return match ? `${match[1]}-${match[2]}-01` : null;
}

export function seasonParamOf(season: string): string {
  return season.slice(0, 7);
}

/** "October 2026". */
export function seasonLabel(season: string, locale = "en-US"): string {
  const [year, month] = season.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, 1)).toLocaleDateString(locale, { month: "long", year: "numeric", timeZone: "UTC" });
}

/** The season `date` falls in, seen from `timeZone`. */
export function seasonOf(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit" }).formatToParts(date);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-01`;
}
