import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { leaderboardScoreCounts, waitlistUsers } from "../../../db/schema";
import { db } from "../db.server";
import { nicknameOf } from "../waitlist/email";
import { badgeFor, type Badge } from "./badges";

export const LEADERBOARD_SIZE = 100;

export type LeaderboardRow = {
  memberId: string;
  nickname: string;
  points: number;
  referralsMade: number;
  rank: number;
  badge: Badge | null;
};

/**
 * The top of the leaderboard: points desc, referrals desc, then join order. Ranks are
 * competition ranks ("1224"): members with the same points and referrals share one.
 */
export async function listLeaderboard({ limit = LEADERBOARD_SIZE, now = new Date() } = {}): Promise<LeaderboardRow[]> {
  const rows = await db
    .select({
      memberId: waitlistUsers.id,
      email: waitlistUsers.email,
      points: waitlistUsers.points,
      referralsMade: waitlistUsers.referralsMade,
      confirmedEmail: waitlistUsers.confirmedEmail,
      joinDate: waitlistUsers.joinDate,
    })
    .from(waitlistUsers)
    .where(eq(waitlistUsers.isBlocked, false))
    .orderBy(desc(waitlistUsers.points), desc(waitlistUsers.referralsMade), asc(waitlistUsers.createdAt), asc(waitlistUsers.id))
    .limit(limit);

  let rank = 0;
  return rows.map((row, index) => {
    const previous = rows[index - 1];
    if (!previous || previous.points !== row.points || previous.referralsMade !== row.referralsMade) rank = index + 1;
    return {
      memberId: row.memberId,
      nickname: nicknameOf(row.email),
      points: row.points,
      referralsMade: row.referralsMade,
      rank,
      badge: badgeFor(row, now),
    };
  });
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
export async function standingOf(member: { points: number; referralsMade: number; isBlocked: boolean }): Promise<MemberStanding | null> {
  if (member.isBlocked) return null;
  return { rank: await rankOfScore(member.points, member.referralsMade), points: member.points, referralsMade: member.referralsMade };
}

/** 1 + the listed members with a strictly better (points, referrals) pair. */
export async function rankOfScore(points: number, referralsMade: number): Promise<number> {
  const [row] = await db
    .select({ better: sql<number>`coalesce(sum(${leaderboardScoreCounts.members}), 0)::integer` })
    .from(leaderboardScoreCounts)
    .where(
      gt(
        sql`(${leaderboardScoreCounts.points}, ${leaderboardScoreCounts.referralsMade})`,
        sql`(${points}::integer, ${referralsMade}::integer)`,
      ),
    );
  return 1 + (row?.better ?? 0);
}
