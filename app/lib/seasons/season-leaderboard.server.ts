import { sql } from "drizzle-orm";
import { db } from "../../kernel/db.server";
import { badgeFor } from "../leaderboard/badges";
import { LEADERBOARD_SIZE, type LeaderboardRow } from "../leaderboard/leaderboard.server";
import { getSiteSetting } from "../settings/settings.server";
import { crewNameOf } from "../crew-names/crew-name";
import { seasonOf } from "./season-calendar";

/** The season running at `now` in the site's time zone, with when it ends. */
export async function getCurrentSeason(now = new Date()): Promise<{ season: string; timeZone: string; endsAt: Date }> {
  const timeZone = await getSiteSetting("siteTimeZone");
  const season = seasonOf(now, timeZone);
  const result = await db.execute<{ ends_at: string | Date }>(
    sql`select ((${season}::date + interval '1 month')::timestamp at time zone ${timeZone}) as ends_at`,
  );
  return { season, timeZone, endsAt: new Date(result.rows[0]!.ends_at) };
}

type SeasonRow = {
  member_id: string;
  crew_name_roll: number;
  points: number;
  referrals: number;
  confirmed_email: boolean;
  join_date: string | Date;
  total_points: number;
  referrals_made: number;
  rank: number;
};

/**
 * The season's top: points earned in the season (from the ledger), then referrals
 * credited in it, then join order; blocked members and hidden children (ADR 0065) are not
 * listed, nor, `forPartners` (the API), a child whose parent has not said yes to sharing. The rank is taken
 * over the listed top only, which holds every better score, so it is the full rank.
 * Badges keep their spec rules (all-time figures).
 */
export async function listSeasonLeaderboard(season: string, { limit = LEADERBOARD_SIZE, now = new Date(), forPartners = false } = {}): Promise<LeaderboardRow[]> {
  const result = await db.execute<SeasonRow>(sql`
    select top.*, (rank() over (order by top.points desc, top.referrals desc))::integer as rank
      from (
        select sp.member_id, m.crew_name_roll, sp.points, sp.referrals, m.confirmed_email, m.join_date,
               m.points as total_points, m.referrals_made, sp.member_joined_at
          from season_points sp
          join waitlist_users m on m.id = sp.member_id
         where sp.season = ${season}::date and sp.points > 0 and not m.is_blocked and m.is_shown_publicly
           ${forPartners ? sql`and m.reaches_partners` : sql``}
         order by sp.points desc, sp.referrals desc, sp.member_joined_at, sp.member_id
         limit ${limit}) as top
     order by top.points desc, top.referrals desc, top.member_joined_at, top.member_id`);
  return result.rows.map((row) => ({
    memberId: row.member_id,
    nickname: crewNameOf(row.member_id, Number(row.crew_name_roll)),
    points: Number(row.points),
    referralsMade: Number(row.referrals),
    rank: Number(row.rank),
    badge: badgeFor(
      { confirmedEmail: row.confirmed_email, joinDate: new Date(row.join_date), points: Number(row.total_points), referralsMade: Number(row.referrals_made) },
      now,
    ),
  }));
}

/** What a member earned in a season (0 when nothing yet). */
export async function getSeasonPoints(memberId: string, season: string): Promise<number> {
  const result = await db.execute<{ points: number }>(
    sql`select points from season_points where season = ${season}::date and member_id = ${memberId}`,
  );
  return Math.max(0, Number(result.rows[0]?.points ?? 0));
}
