import { sql } from "drizzle-orm";
import type { Transaction } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";

/** Refuses a zone PostgreSQL does not know (the season trigger converts times with it). */
export async function assertDatabaseKnowsZone(tx: Transaction, timeZone: string): Promise<void> {
  const known = await tx.execute<{ known: boolean }>(sql`select exists (select 1 from pg_timezone_names where name = ${timeZone}) as known`);
  if (!known.rows[0]?.known) throw new AppError("INVALID_INPUT", "Choose a time zone from the list.");
}

/**
 * After the site's time zone changed: every season not yet frozen is summed again from
 * the ledger in the new zone. The ledger is locked against inserts meanwhile, so no
 * credit lands in a month of the old zone. Frozen seasons keep their standings.
 */
export async function rebuildOpenSeasons(tx: Transaction): Promise<void> {
  await tx.execute(sql`lock table points_ledger in exclusive mode`);
  // A rehearsal's season (ADR 0051) is the month still running: it is summed again too.
  await tx.execute(sql`delete from season_points where season not in (select season from seasons where not rehearsal)`);
  await tx.execute(sql`
    insert into season_points (season, member_id, points, referrals, member_joined_at)
    select date_trunc('month', l.created_at at time zone site_time_zone())::date, l.member_id, sum(l.delta)::integer,
           coalesce(sum(sign(l.delta)) filter (where l.reason = 'referral_credit'), 0)::integer, m.created_at
      from points_ledger l join waitlist_users m on m.id = l.member_id
     where l.created_at >= coalesce((select max(ends_at) from seasons where not rehearsal), '-infinity'::timestamptz) - interval '2 days'
       and date_trunc('month', l.created_at at time zone site_time_zone())::date not in (select season from seasons where not rehearsal)
     group by 1, 2, m.created_at`);
}
