import { and, asc, desc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { waitlistUsers } from "../../../db/schema";
import { db } from "../../kernel/db.server";
import { crewNameOf } from "../crew-names/crew-name";
import type { PlaceInLine } from "./place-text";
import { badgeFor, type Badge } from "./badges";

export const LEADERBOARD_SIZE = 100;

/**
 * The one rank rule (ADR 0003): 1 + the listed (not blocked) members with a strictly
 * better (points, referrals) pair, read from the trigger-kept score counts and their
 * unfolded changes (the leaderboard_scores view, ADR 0038). Members with
 * the same points and referrals share a rank ("1224"). `points` and `referralsMade` are
 * columns (a correlated rank per row) or plain numbers.
 */
export function competitionRankSql(points: SQLWrapper | number, referralsMade: SQLWrapper | number): SQL<number> {
  const pair = typeof points === "number" || typeof referralsMade === "number"
    ? sql`(${points}::integer, ${referralsMade}::integer)`
    : sql`(${points}, ${referralsMade})`;
  return sql<number>`(1 + coalesce((select sum(scores.members)
      from leaderboard_scores as scores
     where (scores.points, scores.referrals_made) > ${pair}), 0))::integer`;
}

/** Leaderboard order: points desc, referrals desc, then join order. */
export const leaderboardOrder = [desc(waitlistUsers.points), desc(waitlistUsers.referralsMade), asc(waitlistUsers.createdAt), asc(waitlistUsers.id)];

export type LeaderboardRow = {
  memberId: string;
  /** The member's crew name (crewNameOf, ADR 0042): never anything of the address. */
  nickname: string;
  points: number;
  referralsMade: number;
  rank: number;
  badge: Badge | null;
};

/**
 * The top of the leaderboard: points desc, referrals desc, then join order. Ranks are
 * competition ranks ("1224"): members with the same points and referrals share one.
 * Only members shown publicly are listed (a child only with the parent's yes, ADR 0065);
 * a hidden child keeps their place, so the public ranks may skip one. `forPartners`:
 * the API's list, without a child whose parent has not said yes to sharing.
 */
export async function listLeaderboard({ limit = LEADERBOARD_SIZE, now = new Date(), forPartners = false } = {}): Promise<LeaderboardRow[]> {
  const rows = await db
    .select({
      memberId: waitlistUsers.id,
      crewNameRoll: waitlistUsers.crewNameRoll,
      points: waitlistUsers.points,
      referralsMade: waitlistUsers.referralsMade,
      confirmedEmail: waitlistUsers.confirmedEmail,
      joinDate: waitlistUsers.joinDate,
      rank: competitionRankSql(waitlistUsers.points, waitlistUsers.referralsMade),
    })
    .from(waitlistUsers)
    .where(and(eq(waitlistUsers.isBlocked, false), eq(waitlistUsers.isShownPublicly, true), forPartners ? eq(waitlistUsers.reachesPartners, true) : undefined))
    .orderBy(...leaderboardOrder)
    .limit(limit);

  return rows.map((row) => ({
    memberId: row.memberId,
    nickname: crewNameOf(row.memberId, row.crewNameRoll),
    points: row.points,
    referralsMade: row.referralsMade,
    rank: row.rank,
    badge: badgeFor(row, now),
  }));
}

export type MemberStanding = { rank: number; points: number; referralsMade: number };

/** A listed member's rank and points; null for unknown or blocked members. */
export async function getMemberStanding(memberId: string): Promise<MemberStanding | null> {
  const [member] = await db
    .select({ points: waitlistUsers.points, referralsMade: waitlistUsers.referralsMade })
    .from(waitlistUsers)
    .where(and(eq(waitlistUsers.id, memberId), eq(waitlistUsers.isBlocked, false)));
  return member ? standingOf({ ...member, isBlocked: false }) : null;
}

/** The standing of a member already loaded (no second read of the member); null when blocked. */
async function standingOf(member: { points: number; referralsMade: number; isBlocked: boolean }): Promise<MemberStanding | null> {
  if (member.isBlocked) return null;
  return { rank: await rankOfScore(member.points, member.referralsMade), points: member.points, referralsMade: member.referralsMade };
}

/** The rank a (points, referrals) pair holds among listed members. */
export async function rankOfScore(points: number, referralsMade: number): Promise<number> {
  const result = await db.execute<{ rank: number }>(sql`select ${competitionRankSql(points, referralsMade)} as rank`);
  return Number(result.rows[0]?.rank ?? 1);
}

/**
 * "You're #N of M" and "K points to pass #N−1", from the score histogram in one
 * statement (ADR 0003): the rank, the total, and the nearest better (points, referrals)
 * pair. Passing a pair means a better pair: equal points win only with more referrals.
 */
export async function placeInLine(member: { points: number; referralsMade: number; isBlocked: boolean }): Promise<PlaceInLine | null> {
  if (member.isBlocked) return null;
  const { points, referralsMade } = member;
  const result = await db.execute<{ rank: number; of: number; next_points: number | null; next_referrals: number | null; next_members: number | null }>(sql`
    select ${competitionRankSql(points, referralsMade)} as rank,
           (select coalesce(sum(members), 0)::integer from leaderboard_scores) as of,
           next.points as next_points, next.referrals_made as next_referrals, next.members as next_members
      from (select 1) as one
      left join lateral (
        select points, referrals_made, members from leaderboard_scores
         where (points, referrals_made) > (${points}::integer, ${referralsMade}::integer) and members > 0
         order by points, referrals_made
         limit 1) as next on true`);
  const row = result.rows[0];
  if (!row) return null;
  const rank = Number(row.rank);
  const toPass =
    row.next_points === null || row.next_members === null
      ? null
      : {
          rank: rank - Number(row.next_members),
          points: Number(row.next_points) - points + (referralsMade > Number(row.next_referrals) ? 0 : 1),
        };
  return { rank, of: Math.max(Number(row.of), rank), toPass };
}
