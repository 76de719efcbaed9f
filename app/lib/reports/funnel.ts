import { SHARE_CHANNELS, type ShareChannel } from "../funnel/channels";

// The funnel report's shapes and arithmetic (docs/decisions/0015-funnel-counts.md).

export type FunnelDay = {
  day: string;
  visits: number;
  visitsWithRef: number;
  joins: number;
  confirmations: number;
  shareClicks: Record<ShareChannel, number>;
  referredJoins: number;
  referredConfirmations: number;
};

export type FunnelTotals = Omit<FunnelDay, "day" | "shareClicks"> & { shareClicks: number };

export type FunnelStep = { label: string; count: number; /** count ÷ the step before; null for the first or after a zero */ conversion: number | null };

export type ChannelKey = ShareChannel | "";

export type ChannelFigures = {
  channel: ChannelKey;
  shareClicks: number;
  visits: number;
  referredJoins: number;
  referredConfirmations: number;
  kFactor: number;
};

export function totalShareClicks(clicks: Record<ShareChannel, number>): number {
  return SHARE_CHANNELS.reduce((sum, channel) => sum + clicks[channel], 0);
}

export function totalsOf(days: FunnelDay[]): FunnelTotals {
  const totals: FunnelTotals = { visits: 0, visitsWithRef: 0, joins: 0, confirmations: 0, shareClicks: 0, referredJoins: 0, referredConfirmations: 0 };
  for (const day of days) {
    totals.visits += day.visits;
    totals.visitsWithRef += day.visitsWithRef;
    totals.joins += day.joins;
    totals.confirmations += day.confirmations;
    totals.shareClicks += totalShareClicks(day.shareClicks);
    totals.referredJoins += day.referredJoins;
    totals.referredConfirmations += day.referredConfirmations;
  }
  return totals;
}

/** visit → join → confirm → share → referred join, each with its conversion from the step before. */
export function funnelSteps(totals: FunnelTotals): FunnelStep[] {
  const counts: [string, number][] = [
    ["Landing visits", totals.visits],
    ["Joins", totals.joins],
    ["Confirmations", totals.confirmations],
    ["Share clicks", totals.shareClicks],
    ["Referred joins", totals.referredJoins],
  ];
  return counts.map(([label, count], index) => {
    const previous = index > 0 ? counts[index - 1]![1] : 0;
    return { label, count, conversion: index > 0 && previous > 0 ? count / previous : null };
  });
}

/** K-factor: referred members who confirmed in the range ÷ members who joined in the range. */
export function kFactorOf(referredConfirmations: number, joins: number): number {
  return joins > 0 ? referredConfirmations / joins : 0;
}

/** "12.5%", or "—" where there is nothing to convert from. */
export function formatConversion(conversion: number | null): string {
  return conversion === null ? "—" : `${(conversion * 100).toFixed(1)}%`;
}

export function formatKFactor(kFactor: number): string {
  return kFactor.toFixed(3);
}
