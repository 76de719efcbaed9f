import { sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { crewNameOf } from "../crew-names/crew-name";
import { seasonLabel } from "../seasons/season-calendar";
import { getCurrentSeason } from "../seasons/season-leaderboard.server";
import { describeAudience, type Audience, type ResolvedAudience } from "./audience";
import { LANGUAGE_NAMES } from "../../kernel/i18n/languages";

/**
 * The audience's members as one column, `member_id` (uuid), each once, never a blocked
 * member. A plain SELECT, so it works as a subquery: `from (<this>) a join waitlist_users u
 * on u.id = a.member_id`. The tops walk the same indexes, in the same order, as the public
 * boards (waitlist_users_ranking_idx, season_points_ranking_idx).
 *
 * `after` keeps only members whose id sorts after it, inside each kind's own scan: a caller
 * paging through a million members by id then reads one page's rows, not the whole audience
 * again per page (PostgreSQL does not carry a range on the outer join into the subquery).
 */
export function audienceMembersQuery(audience: ResolvedAudience, after?: string): SQL {
  const from = (column: SQL) => (after === undefined ? sql`` : sql` and ${column} > ${after}::uuid`);
  // A top is ranked before it is cut at its count: the cursor applies to what the cut kept.
  const ranked = (query: SQL) => (after === undefined ? query : sql`select t.member_id from (${query}) as t where t.member_id > ${after}::uuid`);
  switch (audience.kind) {
    case "confirmed":
      return sql`select u.id as member_id from waitlist_users u where u.confirmed_email and not u.is_blocked${from(sql`u.id`)}`;
    case "top_all_time":
      return ranked(sql`select u.id as member_id from waitlist_users u where not u.is_blocked
        order by u.points desc, u.referrals_made desc, u.created_at, u.id limit ${audience.count}`);
    case "top_month":
      return ranked(sql`select sp.member_id from season_points sp join waitlist_users u on u.id = sp.member_id
        where sp.season = ${audience.season}::date and sp.points > 0 and not u.is_blocked
        order by sp.points desc, sp.referrals desc, sp.member_joined_at, sp.member_id limit ${audience.count}`);
    case "first_joined":
      return ranked(sql`select u.id as member_id from waitlist_users u where not u.is_blocked order by u.created_at, u.id limit ${audience.count}`);
    case "tag":
      return sql`select u.id as member_id from waitlist_users u
        where not u.is_blocked and exists (select 1 from unnest(u.tags) as tag where lower(tag) = lower(${audience.tag}))${from(sql`u.id`)}`;
    case "language":
      return sql`select u.id as member_id from waitlist_users u where u.confirmed_email and not u.is_blocked and u.language = ${audience.language}${from(sql`u.id`)}`;
    case "season_winners":
      return sql`select distinct st.member_id from season_standings st
        join seasons s on s.season = st.season
        join waitlist_users u on u.id = st.member_id
        where st.season = ${audience.season}::date and s.winners_confirmed_at is not null
          and st.rank is not null and st.prize is not null and not u.is_blocked${from(sql`st.member_id`)}`;
    case "wave":
      return sql`select i.member_id from member_invites i join waitlist_users u on u.id = i.member_id
        where i.wave_id = ${audience.waveId} and not u.is_blocked${from(sql`i.member_id`)}`;
    case "members":
      // One text parameter, not one per id: a list of 100,000 stays one bind value.
      return sql`select u.id as member_id from waitlist_users u
        where u.id = any(string_to_array(${[...new Set(audience.memberIds.map((id) => id.toLowerCase()))].join(",")}, ',')::uuid[]) and not u.is_blocked${from(sql`u.id`)}`;
  }
}

/** How many members the audience holds now. */
export async function countAudience(audience: ResolvedAudience, executor: Executor = db): Promise<number> {
  const result = await executor.execute<{ count: number }>(sql`select count(*)::integer as count from (${audienceMembersQuery(audience)}) as a`);
  return Number(result.rows[0]?.count ?? 0);
}

export type AudienceSampleRow = { memberId: string; crewName: string; points: number; joinDate: Date };

/** A few of the audience, highest points first (staff screens only). */
export async function sampleAudience(audience: ResolvedAudience, n = 5): Promise<AudienceSampleRow[]> {
  const result = await db.execute<{ member_id: string; crew_name_roll: number; points: number; join_date: string | Date }>(sql`
    select u.id as member_id, u.crew_name_roll, u.points, u.join_date
      from (${audienceMembersQuery(audience)}) as a join waitlist_users u on u.id = a.member_id
     order by u.points desc, u.referrals_made desc, u.created_at, u.id
     limit ${Math.max(0, Math.min(n, 50))}`);
  return result.rows.map((row) => ({
    memberId: row.member_id,
    crewName: crewNameOf(row.member_id, Number(row.crew_name_roll)),
    points: Number(row.points),
    joinDate: new Date(row.join_date),
  }));
}

/** Why a segment names nobody, in words an admin can act on. */
async function emptyReason(audience: ResolvedAudience): Promise<string> {
  switch (audience.kind) {
    case "tag":
      return `No crew member has the tag "${audience.tag}".`;
    case "season_winners": {
      const found = await db.execute<{ winners_confirmed_at: string | null }>(sql`select winners_confirmed_at from seasons where season = ${audience.season}::date`);
      const label = seasonLabel(audience.season);
      if (!found.rows[0]) return `${label} has not finished yet, so it has no winners.`;
      if (!found.rows[0].winners_confirmed_at) return `The winners of ${label} are not confirmed yet.`;
      return `${label} has no winners left on the waitlist.`;
    }
    case "wave": {
      const found = await db.execute(sql`select 1 from waves where id = ${audience.waveId}`);
      return found.rows.length === 0 ? `There is no wave #${audience.waveId}.` : `Wave #${audience.waveId} has no members left on the waitlist.`;
    }
    case "members":
      return "None of the listed members is on the waitlist (or they are blocked).";
    case "top_month":
      return `Nobody has earned points in ${seasonLabel(audience.season)} yet.`;
    case "confirmed":
      return "No crew member has confirmed their e-mail yet.";
    case "language":
      return `No confirmed crew member's language is ${LANGUAGE_NAMES[audience.language]}.`;
    default:
      return `Nobody is in "${describeAudience(audience)}".`;
  }
}

export type AudienceResolution = { audience: ResolvedAudience; count: number; description: string };

/**
 * Checks an audience before anything is queued: a month's top gets its month pinned, and
 * a segment that names nobody (a tag nobody has, a season without confirmed winners, an
 * unknown wave, an empty list) is refused with a clear message (AppError INVALID_INPUT).
 */
export async function resolveAudience(audience: Audience, now = new Date()): Promise<AudienceResolution> {
  const resolved: ResolvedAudience = audience.kind === "top_month" ? { ...audience, season: audience.season ?? (await getCurrentSeason(now)).season } : audience;
  const count = await countAudience(resolved);
  if (count === 0) throw new AppError("INVALID_INPUT", await emptyReason(resolved));
  return { audience: resolved, count, description: describeAudience(resolved) };
}
