import { count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { memberAuditLog, pointsLedger, users, waitlistUsers } from "../../../db/schema";
import { db, type Transaction } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { competitionRankSql, leaderboardOrder } from "../leaderboard/leaderboard.server";
import { RESET_POINTS } from "../points/points-rules";
import { POINTS_INVALID_MESSAGE, PointsSchema } from "../points/points.schema";
import { containsPattern } from "../../kernel/db/contains-pattern";
import { recordAudit } from "../waitlist/member-admin.server";
import { isUuid } from "../../kernel/uuid";

export const REFERRAL_PAGE_SIZE = 50;

/** The ranked table of the Referral System screen, searched on e-mail and referral code. */
export async function listReferralStandings({ search = "", page = 1, pageSize = REFERRAL_PAGE_SIZE } = {}) {
  const term = search.trim();
  const where = term
    ? or(ilike(waitlistUsers.email, containsPattern(term)), ilike(waitlistUsers.referralCode, containsPattern(term)))
    : undefined;
  const [rows, [matching]] = await Promise.all([
    db
      .select({
        id: waitlistUsers.id,
        email: waitlistUsers.email,
        referralCode: waitlistUsers.referralCode,
        points: waitlistUsers.points,
        referralsMade: waitlistUsers.referralsMade,
        isBlocked: waitlistUsers.isBlocked,
        // Competition rank among listed members (ADR 0003); none for blocked members.
        rank: sql<number | null>`case when ${waitlistUsers.isBlocked} then null else ${competitionRankSql(waitlistUsers.points, waitlistUsers.referralsMade)} end`,
      })
      .from(waitlistUsers)
      .where(where)
      .orderBy(...leaderboardOrder)
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db.select({ total: count() }).from(waitlistUsers).where(where),
  ]);
  return { rows, matching: matching?.total ?? 0 };
}

/** Members who joined with this member's code, newest first. */
export async function listReferredMembers(memberId: string) {
  if (!isUuid(memberId)) return [];
  return db
    .select({ id: waitlistUsers.id, email: waitlistUsers.email, joinedAt: waitlistUsers.createdAt, points: waitlistUsers.points })
    .from(waitlistUsers)
    .where(eq(waitlistUsers.referredByUserId, memberId))
    .orderBy(desc(waitlistUsers.createdAt));
}

export async function listMemberAudit(memberId: string, limit = 20) {
  if (!isUuid(memberId)) return [];
  return db
    .select({
      id: memberAuditLog.id,
      action: memberAuditLog.action,
      before: memberAuditLog.before,
      after: memberAuditLog.after,
      at: memberAuditLog.createdAt,
      adminEmail: users.email,
    })
    .from(memberAuditLog)
    .leftJoin(users, eq(users.id, memberAuditLog.adminUserId))
    .where(eq(memberAuditLog.memberId, memberId))
    .orderBy(desc(memberAuditLog.createdAt), desc(memberAuditLog.id))
    .limit(limit);
}

export type Standing = { points: number; referralsMade: number };

/** A member's points and referrals, their row locked until the transaction ends. */
export async function lockStanding(tx: Transaction, memberId: string): Promise<Standing> {
  if (!isUuid(memberId)) throw new AppError("NOT_FOUND", "This member no longer exists.");
  const [standing] = await tx
    .select({ points: waitlistUsers.points, referralsMade: waitlistUsers.referralsMade })
    .from(waitlistUsers)
    .where(eq(waitlistUsers.id, memberId))
    .for("update");
  if (!standing) throw new AppError("NOT_FOUND", "This member no longer exists.");
  return standing;
}

/**
 * Sets points and/or referrals from the back office: the member row, a ledger row for
 * the difference and an audit entry (who, before, after) change together.
 */
async function setStanding(memberId: string, next: Partial<Standing>, adminId: string, reason: "admin_adjustment" | "admin_reset") {
  if (!isUuid(memberId)) throw new AppError("NOT_FOUND", "This member no longer exists.");
  return db.transaction(async (tx) => {
    const before = await lockStanding(tx, memberId);
    const after: Standing = { ...before, ...next };
    await tx.update(waitlistUsers).set({ ...after, updatedAt: sql`now()` }).where(eq(waitlistUsers.id, memberId));
    if (after.points !== before.points) {
      await tx.insert(pointsLedger).values({ memberId, delta: after.points - before.points, reason, adminUserId: adminId });
    }
    await recordAudit(tx, { memberId, adminId, action: reason === "admin_reset" ? "referrals_reset" : "points_adjusted", before, after });
    return after;
  });
}

/** Spec §7 "update points (integer)": the new total (PointsSchema's rule, enforced here too). */
export async function adjustPoints(memberId: string, points: number, adminId: string) {
  const parsed = PointsSchema.safeParse(points);
  if (!parsed.success) throw new AppError("INVALID_INPUT", POINTS_INVALID_MESSAGE);
  return setStanding(memberId, { points: parsed.data }, adminId, "admin_adjustment");
}

/** Spec: reset gives points 10 and referrals 0. */
export async function resetReferrals(memberId: string, adminId: string) {
  return setStanding(memberId, { points: RESET_POINTS, referralsMade: 0 }, adminId, "admin_reset");
}
