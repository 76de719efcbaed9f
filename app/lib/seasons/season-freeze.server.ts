import { sql } from "drizzle-orm";
import { publicNameOf } from "../crew-names/crew-name";
import { db, type Transaction } from "../../kernel/db.server";
import { startPeriodicJob } from "../jobs/periodic.server";
import { log } from "../../kernel/log.server";
import { recordAuditEvent } from "../audit/audit.server";
import { enqueueWebhookEvent } from "../webhooks/enqueue.server";
import { ADVISORY_LOCKS } from "../../kernel/advisory-locks";

/** How deep a season's final standings go: the prize ranks and room for skipped members. */
export const FROZEN_STANDINGS = 500;
const CHECK_INTERVAL_MS = 60 * 1000;
const SEASON_JOB = { kind: "system", name: "Season job" } as const;

/**
 * Freezes one season's standings as they are at `now`: the seasons row, the top of its
 * points, and `season.closed` to the webhook endpoints (only the test ones during a
 * rehearsal, ADR 0051). A rehearsal's season ends at `now`, the month so far; returns how
 * many standings it holds.
 */
export async function freezeSeason(tx: Transaction, season: string, now: Date, { rehearsal = false } = {}): Promise<number> {
  const endsAt = rehearsal ? sql`${now.toISOString()}::timestamptz` : sql`(${season}::date + interval '1 month')::timestamp at time zone site_time_zone()`;
  await tx.execute(sql`
    insert into seasons (season, time_zone, starts_at, ends_at, frozen_at, rehearsal)
    values (${season}::date, site_time_zone(), ${season}::date::timestamp at time zone site_time_zone(), ${endsAt}, ${now.toISOString()}::timestamptz, ${rehearsal})`);
  await tx.execute(sql`
    insert into season_standings (season, position, member_id, crew_name_roll, points, referrals)
    select ${season}::date, row_number() over (order by top.points desc, top.referrals desc, top.member_joined_at, top.member_id),
           top.member_id, m.crew_name_roll, top.points, top.referrals
      from (select member_id, points, referrals, member_joined_at from season_points
             where season = ${season}::date and points > 0
             order by points desc, referrals desc, member_joined_at, member_id
             limit ${FROZEN_STANDINGS}) as top
      join waitlist_users m on m.id = top.member_id`);
  // Integrations hear of no child whose parent has not said yes to sharing (ADR 0065): the top ten they see skips them.
  const top = await tx.execute<{ position: number; member_id: string | null; crew_name_roll: number; points: number }>(sql`
    select st.position, st.member_id, st.crew_name_roll, st.points
      from season_standings st join waitlist_users m on m.id = st.member_id
     where st.season = ${season}::date and m.reaches_partners
     order by st.position limit 10`);
  const topTen = top.rows.map((row) => ({
    position: Number(row.position),
    memberId: row.member_id,
    // The crew name (ADR 0042); the field keeps its name for existing webhook consumers.
    nickname: publicNameOf({ memberId: row.member_id, roll: Number(row.crew_name_roll) }),
    points: Number(row.points),
  }));
  await enqueueWebhookEvent(tx, "season.closed", { season: season.slice(0, 7), top: topTen, ...(rehearsal && { rehearsal: true }) }, now);
  const standings = await tx.execute<{ count: number }>(sql`select count(*)::integer as count from season_standings where season = ${season}::date`);
  return Number(standings.rows[0]?.count ?? 0);
}

/** Takes the season job's lock for this transaction, waiting for a freeze in progress. */
export async function lockSeasonJob(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.seasonJob})`);
}

/**
 * Freezes the final standings of every finished month (in the site's time zone) that has
 * points and no frozen season yet, oldest first, so a rollover missed while the app was
 * down is caught up. One process does it at a time (advisory lock) and each season is
 * frozen once (its primary key); returns the seasons this call froze. While rehearsal mode
 * is on it waits: the month closes for real, with its e-mails and webhooks, once the
 * rehearsal has ended (ADR 0051).
 */
export async function freezeDueSeasons(now = new Date()): Promise<string[]> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.seasonJob}) as locked`);
    if (!lock.rows[0]?.locked) return [];
    // Read after the lock: a rehearsal ending holds it until its commit.
    const rehearsal = await tx.execute<{ on: boolean }>(sql`select rehearsal_mode_on() as on`);
    if (rehearsal.rows[0]?.on) return [];
    const due = await tx.execute<{ season: string }>(sql`
      with first as (select min(season) as season from season_points),
           months as (
             select generate_series(first.season,
                                    date_trunc('month', ${now.toISOString()}::timestamptz at time zone site_time_zone()) - interval '1 month',
                                    interval '1 month')::date as season
               from first where first.season is not null)
      select to_char(months.season, 'YYYY-MM-DD') as season from months
       where not exists (select 1 from seasons where seasons.season = months.season)
         and exists (select 1 from season_points where season_points.season = months.season)
       order by months.season`);
    const frozen: string[] = [];
    for (const { season } of due.rows) {
      const standings = await freezeSeason(tx, season, now);
      await recordAuditEvent(tx, SEASON_JOB, { action: "season.frozen", targetType: "season", targetId: season.slice(0, 7), after: { standings } });
      frozen.push(season);
    }
    return frozen;
  });
}

/** Checks for a finished season at boot (catching up after downtime) and every minute. */
export function startSeasonJob({ intervalMs = CHECK_INTERVAL_MS } = {}) {
  return startPeriodicJob(
    "season freeze",
    async () => {
      const seasons = await freezeDueSeasons();
      if (seasons.length) log.info("froze finished seasons", { seasons });
    },
    intervalMs,
  );
}
