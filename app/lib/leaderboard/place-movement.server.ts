import { sql } from "drizzle-orm";
import { db } from "../../kernel/db.server";
import { placeInLine } from "./leaderboard.server";
import type { PlaceInLine, PlaceMovement } from "./place-text";

/**
 * The member's place in line, and how far they moved since the last visit of an earlier
 * day in the site's time zone ("since yesterday") — or, on their first day, since their
 * first visit. One statement records this visit: the first visit of a new day moves the
 * previous visit's rank into the baseline.
 */
export async function visitPlaceInLine(
  member: { id: string; points: number; referralsMade: number; isBlocked: boolean },
  now = new Date(),
): Promise<(PlaceInLine & { movement: PlaceMovement | null }) | null> {
  const place = await placeInLine(member);
  if (!place) return null;
  const at = now.toISOString();
  const result = await db.execute<{ baseline_rank: number; baseline_day: string; today: string }>(sql`
    insert into member_places as mp (member_id, baseline_rank, baseline_at, last_rank, last_at)
    values (${member.id}, ${place.rank}, ${at}::timestamptz, ${place.rank}, ${at}::timestamptz)
    on conflict (member_id) do update set
      baseline_rank = case when (mp.last_at at time zone site_time_zone())::date < (excluded.last_at at time zone site_time_zone())::date
                           then mp.last_rank else mp.baseline_rank end,
      baseline_at = case when (mp.last_at at time zone site_time_zone())::date < (excluded.last_at at time zone site_time_zone())::date
                         then mp.last_at else mp.baseline_at end,
      last_rank = excluded.last_rank,
      last_at = excluded.last_at
    returning baseline_rank,
              to_char(baseline_at at time zone site_time_zone(), 'YYYY-MM-DD') as baseline_day,
              to_char(last_at at time zone site_time_zone(), 'YYYY-MM-DD') as today`);
  const row = result.rows[0];
  const places = row ? Number(row.baseline_rank) - place.rank : 0;
  if (!row || places === 0) return { ...place, movement: null };
  return { ...place, movement: { places, since: sinceOf(row.baseline_day, row.today) } };
}

function sinceOf(baselineDay: string, today: string): PlaceMovement["since"] {
  if (baselineDay === today) return "today";
  const yesterday = new Date(`${today}T00:00:00Z`);
  yesterday.setUTCDate(yesterday.getUTCDate() - 1);
  return baselineDay === yesterday.toISOString().slice(0, 10) ? "yesterday" : baselineDay;
}
