// How long the site keeps what (issue 29, Settings → Site Settings → Privacy & Retention).
// /privacy states these from the same settings.

/** A member who never confirmed their address is deleted this many days after joining. */
export const UNCONFIRMED_MEMBER_DAYS = { min: 7, max: 365, fallback: 30 };

/** Everything else goes this many months after the launch date, when the studio sets both. */
export const MONTHS_AFTER_LAUNCH = { min: 1, max: 120 };

/** What a run of the retention job erases at most, so one run stays short; the next hour takes the rest. */
export const RETENTION_BATCH = 200;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A launch date as stored ("YYYY-MM-DD", a real day from 2020 to 2100), or null. */
export function parseLaunchDate(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 2020 || year > 2100 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return value.trim();
}

/** Months after launch as stored: a whole number within bounds, or null (keep until deleted). */
export function parseMonthsAfterLaunch(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= MONTHS_AFTER_LAUNCH.min && value <= MONTHS_AFTER_LAUNCH.max ? value : null;
}

/** The day every remaining membership is deleted (UTC midnight), or null while either setting is empty. */
export function everythingDeletedOn(launchDate: string | null, monthsAfterLaunch: number | null): Date | null {
  if (!launchDate || !monthsAfterLaunch) return null;
  const [year, month, day] = launchDate.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + monthsAfterLaunch, 1));
  // The same day of the month, or the month's last day (31 January + 1 month = 28/29 February).
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}
