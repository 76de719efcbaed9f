import { SHARE_CHANNELS, SHARE_CHANNEL_LABELS } from "../funnel/channels";
import { csvRow } from "../csv";
import { totalShareClicks, type FunnelDay } from "./funnel";
import type { DayRange } from "./funnel-range.schema";
import { listFunnelDays } from "./funnel.server";

const FUNNEL_CSV_HEADER = [
  "Date",
  "Visits",
  "Visits with ref",
  "Visits without ref",
  "Joins",
  "Confirmations",
  "Share clicks",
  ...SHARE_CHANNELS.map((channel) => `Share clicks: ${SHARE_CHANNEL_LABELS[channel]}`),
  "Referred joins",
  "Referred confirmations",
];

export function funnelCsvFileName({ from, to }: DayRange): string {
  return `funnel_${from}_to_${to}.csv`;
}

/** The daily series of a range as CSV: one row per day of the site's calendar, every day present. */
export async function getFunnelCsv(range: DayRange): Promise<string> {
  return funnelCsv(await listFunnelDays(range));
}

/** Cells neutralised like the member export's. */
function funnelCsv(days: FunnelDay[]): string {
  const rows = days.map((day) =>
    csvRow([
      day.day,
      day.visits,
      day.visitsWithRef,
      day.visits - day.visitsWithRef,
      day.joins,
      day.confirmations,
      totalShareClicks(day.shareClicks),
      ...SHARE_CHANNELS.map((channel) => day.shareClicks[channel]),
      day.referredJoins,
      day.referredConfirmations,
    ]),
  );
  return `\uFEFF${csvRow(FUNNEL_CSV_HEADER)}${rows.join("")}`;
}
