// The site's time zone: a season is a calendar month there (the studio's office hours are PST).
export const DEFAULT_SITE_TIME_ZONE = "America/Los_Angeles";

let known: Set<string> | undefined;

/** IANA zone names this runtime knows, plus UTC. */
export function listTimeZones(): string[] {
  known ??= new Set(["UTC", ...Intl.supportedValuesOf("timeZone")]);
  return [...known].sort();
}

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 64) return false;
  listTimeZones();
  return known!.has(value);
}

export function parseTimeZone(value: unknown): string {
  return isTimeZone(value) ? value : DEFAULT_SITE_TIME_ZONE;
}
