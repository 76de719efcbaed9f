import { count, sql } from "drizzle-orm";
import { products } from "../../../db/schema";
import { db } from "../../kernel/db.server";
import { nicknameOf } from "../waitlist/email";
import { countMembers } from "../waitlist/members.server";
import { LANGUAGE_NAMES, type Language } from "../../kernel/i18n/languages";

export const SIGNUP_DAYS = 90;
export const TOP_REFERRERS = 10;

export type ReportStats = { totalMembers: number; confirmedMembers: number; totalProducts: number };
export type DailySignups = { day: string; direct: number; referred: number };
export type ReferralPerformance = {
  viralCoefficient: number;
  referredSignups: number;
  shareWithReferral: number;
  topReferrers: { nickname: string; referralsMade: number; points: number }[];
};
export type Slice = { label: string; members: number };

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** Members (all, confirmed) and products: the counts the Overview and Reports screens show. */
export async function getReportStats(): Promise<ReportStats> {
  const [members, [catalog]] = await Promise.all([countMembers(), db.select({ total: count() }).from(products)]);
  return { totalMembers: members.total, confirmedMembers: members.confirmed, totalProducts: catalog?.total ?? 0 };
}

/** Signups per UTC day over the last 90 days (every day present), direct vs referred. */
export async function listDailySignups(days = SIGNUP_DAYS, now = new Date()): Promise<DailySignups[]> {
  return rows<DailySignups>(sql`
    with days as (
      select generate_series((${now.toISOString()}::timestamptz at time zone 'UTC')::date - ${days - 1}::integer,
                             (${now.toISOString()}::timestamptz at time zone 'UTC')::date, interval '1 day')::date as day
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
           count(m.id) filter (where m.referred_by_user_id is null)::integer as direct,
           count(m.id) filter (where m.referred_by_user_id is not null)::integer as referred
      from days
      left join waitlist_users m
        on m.created_at >= days.day::timestamp at time zone 'UTC'
       and m.created_at < (days.day + 1)::timestamp at time zone 'UTC'
     group by days.day
     order by days.day`);
}

export async function getReferralPerformance(): Promise<ReferralPerformance> {
  const [summary] = await rows<{ total: number; referred: number; referrers: number }>(sql`
    select count(*)::integer as total,
           count(*) filter (where referred_by_user_id is not null)::integer as referred,
           count(*) filter (where referrals_made > 0)::integer as referrers
      from waitlist_users`);
  const referrers = await rows<{ email: string; referralsMade: number; points: number }>(sql`
    select email, referrals_made as "referralsMade", points
      from waitlist_users where referrals_made > 0
     order by referrals_made desc, points desc, created_at
     limit ${TOP_REFERRERS}`);
  const topReferrers = referrers.map(({ email, ...rest }) => ({ nickname: nicknameOf(email), ...rest }));
  const total = summary?.total ?? 0;
  return {
    viralCoefficient: total ? (summary?.referred ?? 0) / total : 0,
    referredSignups: summary?.referred ?? 0,
    shareWithReferral: total ? (summary?.referrers ?? 0) / total : 0,
    topReferrers,
  };
}

export async function listDeviceBreakdown(): Promise<Slice[]> {
  return rows<Slice>(sql`
    select coalesce(signup_device, 'unknown') as label, count(*)::integer as members
      from waitlist_users group by 1 order by members desc, label`);
}

/** Members by their language (issue 31), named in English like the rest of the back office. */
export async function listLanguageBreakdown(): Promise<Slice[]> {
  const slices = await rows<{ language: Language; members: number }>(sql`
    select language, count(*)::integer as members from waitlist_users group by 1 order by members desc, language`);
  return slices.map((slice) => ({ label: LANGUAGE_NAMES[slice.language] ?? slice.language, members: Number(slice.members) }));
}

export async function listCountryBreakdown(limit = 10): Promise<Slice[]> {
  return rows<Slice>(sql`
    select coalesce(signup_country, 'Unknown') as label, count(*)::integer as members
      from waitlist_users group by 1 order by members desc, label limit ${limit}`);
}
