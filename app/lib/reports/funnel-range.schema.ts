import { z } from "zod";
import { addDays, daysBetween } from "../funnel/site-day";

const DEFAULT_RANGE_DAYS = 30;
const MAX_RANGE_DAYS = 366;

export const RANGE_DATE_MESSAGE = "Enter dates as YYYY-MM-DD, between 2000-01-01 and 2100-12-31.";
export const RANGE_ORDER_MESSAGE = "The start date must be on or before the end date.";
export const RANGE_LENGTH_MESSAGE = `Choose a range of at most ${MAX_RANGE_DAYS} days.`;

const isRealDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= "2000-01-01" && value <= "2100-12-31";
};

// A blank field (the form sends "from=") means "the default".
const optionalDay = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, RANGE_DATE_MESSAGE).refine(isRealDay, RANGE_DATE_MESSAGE).optional(),
);

const FunnelRangeQuerySchema = z.object({ from: optionalDay, to: optionalDay });

export type DayRange = { from: string; to: string };
type RangeResult = { ok: true; range: DayRange } | { ok: false; message: string };

/**
 * The report's date range from the query string: both days counted, in the site's
 * calendar; by default the 30 days up to `today`. At most 366 days.
 */
export function resolveFunnelRange(query: URLSearchParams, today: string): RangeResult {
  const parsed = FunnelRangeQuerySchema.safeParse({ from: query.get("from") ?? undefined, to: query.get("to") ?? undefined });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? RANGE_DATE_MESSAGE };
  const to = parsed.data.to ?? (parsed.data.from && parsed.data.from > today ? parsed.data.from : today);
  const from = parsed.data.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from > to) return { ok: false, message: RANGE_ORDER_MESSAGE };
  if (daysBetween(from, to) > MAX_RANGE_DAYS) return { ok: false, message: RANGE_LENGTH_MESSAGE };
  return { ok: true, range: { from, to } };
}
