import { sql } from "drizzle-orm";
import { db } from "../../kernel/db.server";
import { SHARE_CHANNELS, parseShareChannel } from "../funnel/channels";
import { siteDayOf } from "../funnel/site-day";
import { getSiteTimeZone } from "../funnel/site-zone.server";
import type { DayRange } from "./funnel-range.schema";
import {
  funnelSteps,
  kFactorOf,
  totalsOf,
  type ChannelFigures,
  type ChannelKey,
  type FunnelDay,
  type FunnelStep,
  type FunnelTotals,
} from "./funnel";

export type FunnelReport = {
  range: DayRange;
  timeZone: string;
  totals: FunnelTotals;
  steps: FunnelStep[];
  kFactor: number;
  channels: ChannelFigures[];
  days: FunnelDay[];
};

type DayRow = Omit<FunnelDay, "shareClicks"> & Record<`share_${string}`, number>;

// The range's first and last instants: midnight of `from` and of the day after `to`, in the zone.
const rangeStart = ({ from }: DayRange, timeZone: string) => sql`(${from}::date::timestamp at time zone ${timeZone})`;
const rangeEnd = ({ to }: DayRange, timeZone: string) => sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`;

/**
 * One row per day of the range (every day present): the counters (visits, share clicks
 * by channel) and what waitlist_users says (joins, confirmations, referred ones), each
 * on the site's calendar day.
 */
export async function listFunnelDays(range: DayRange, timeZone?: string): Promise<FunnelDay[]> {
  timeZone ??= await getSiteTimeZone();
  const start = rangeStart(range, timeZone);
  const end = rangeEnd(range, timeZone);
  const shareColumns = sql.join(
    SHARE_CHANNELS.map((channel) => sql`coalesce(sum(count) filter (where metric = 'share' and channel = ${channel}), 0)::integer as ${sql.identifier(`share_${channel}`)}`),
    sql`, `,
  );
  const { rows } = await db.execute<DayRow>(sql`
    with days as (
      select generate_series(${range.from}::date, ${range.to}::date, interval '1 day')::date as day
    ), counted as (
      select day,
             coalesce(sum(count) filter (where metric in ('visit', 'visit_ref')), 0)::integer as visits,
             coalesce(sum(count) filter (where metric = 'visit_ref'), 0)::integer as visits_with_ref,
             ${shareColumns}
        from funnel_daily_counts
       where day between ${range.from}::date and ${range.to}::date
       group by day
    ), joined as (
      select (created_at at time zone ${timeZone})::date as day,
             count(*)::integer as joins,
             count(*) filter (where referred_by_user_id is not null)::integer as referred_joins
        from waitlist_users
       where created_at >= ${start} and created_at < ${end}
       group by 1
    ), confirmed as (
      select (confirmed_at at time zone ${timeZone})::date as day,
             count(*)::integer as confirmations,
             count(*) filter (where referred_by_user_id is not null)::integer as referred_confirmations
        from waitlist_users
       where confirmed_at >= ${start} and confirmed_at < ${end}
       group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
           coalesce(counted.visits, 0) as "visits",
           coalesce(counted.visits_with_ref, 0) as "visitsWithRef",
           coalesce(joined.joins, 0) as "joins",
           coalesce(confirmed.confirmations, 0) as "confirmations",
           ${sql.join(SHARE_CHANNELS.map((channel) => sql`coalesce(counted.${sql.identifier(`share_${channel}`)}, 0) as ${sql.identifier(`share_${channel}`)}`), sql`, `)},
           coalesce(joined.referred_joins, 0) as "referredJoins",
           coalesce(confirmed.referred_confirmations, 0) as "referredConfirmations"
      from days
      left join counted on counted.day = days.day
      left join joined on joined.day = days.day
      left join confirmed on confirmed.day = days.day
     order by days.day`);
  return rows.map((row) => ({
    day: row.day,
    visits: row.visits,
    visitsWithRef: row.visitsWithRef,
    joins: row.joins,
    confirmations: row.confirmations,
    shareClicks: Object.fromEntries(SHARE_CHANNELS.map((channel) => [channel, row[`share_${channel}`] ?? 0])) as FunnelDay["shareClicks"],
    referredJoins: row.referredJoins,
    referredConfirmations: row.referredConfirmations,
  }));
}

type ChannelRow = { channel: string; shareClicks: number; visits: number; referredJoins: number; referredConfirmations: number };

/** Per share channel (and "" for links without one): clicks, visits through it, friends it brought. */
async function listChannelCounts(range: DayRange, timeZone: string): Promise<ChannelRow[]> {
  const start = rangeStart(range, timeZone);
  const end = rangeEnd(range, timeZone);
  const { rows } = await db.execute<ChannelRow>(sql`
    select channel,
           sum("shareClicks")::integer as "shareClicks", sum(visits)::integer as visits,
           sum("referredJoins")::integer as "referredJoins", sum("referredConfirmations")::integer as "referredConfirmations"
      from (
        select channel,
               coalesce(sum(count) filter (where metric = 'share'), 0) as "shareClicks",
               coalesce(sum(count) filter (where metric in ('visit', 'visit_ref')), 0) as visits,
               0 as "referredJoins", 0 as "referredConfirmations"
          from funnel_daily_counts
         where day between ${range.from}::date and ${range.to}::date
         group by channel
        union all
        select coalesce(signup_via, ''), 0, 0,
               count(*) filter (where created_at >= ${start} and created_at < ${end}),
               count(*) filter (where confirmed_at >= ${start} and confirmed_at < ${end})
          from waitlist_users
         where referred_by_user_id is not null
           and ((created_at >= ${start} and created_at < ${end}) or (confirmed_at >= ${start} and confirmed_at < ${end}))
         group by 1
      ) figures
     group by channel`);
  return rows;
}

/** Today on the site's calendar: where the default range ends. */
export async function getSiteToday(now = new Date()): Promise<string> {
  return siteDayOf(now, await getSiteTimeZone());
}

/** The funnel for a range of site days: totals, step conversions, K-factor, per channel, daily series. */
export async function getFunnelReport(range: DayRange, timeZone?: string): Promise<FunnelReport> {
  timeZone ??= await getSiteTimeZone();
  const [days, channelRows] = await Promise.all([listFunnelDays(range, timeZone), listChannelCounts(range, timeZone)]);
  const totals = totalsOf(days);
  const byChannel = new Map(channelRows.map((row) => [row.channel, row]));
  const channelKeys: ChannelKey[] = [...SHARE_CHANNELS, ""];
  const channels = channelKeys.map((channel): ChannelFigures => {
    const row = byChannel.get(channel);
    const referredConfirmations = row?.referredConfirmations ?? 0;
    return {
      channel: parseShareChannel(channel) ?? "",
      shareClicks: row?.shareClicks ?? 0,
      visits: row?.visits ?? 0,
      referredJoins: row?.referredJoins ?? 0,
      referredConfirmations,
      kFactor: kFactorOf(referredConfirmations, totals.joins),
    };
  });
  return {
    range,
    timeZone,
    totals,
    steps: funnelSteps(totals),
    kFactor: kFactorOf(totals.referredConfirmations, totals.joins),
    channels,
    days,
  };
}
