import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { pointsLedger, referrals, waitlistUsers } from "../../../db/schema";
import { adminIdOf, type Actor } from "../audit/actor";
import { recordAuditEvent } from "../audit/audit.server";
import { db, runTransaction } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { recordAudit } from "../waitlist/member-admin.server";
import { lockStanding, type Standing } from "./referral-admin.server";
import { payReferral } from "./referral-credit.server";

export type HeldReferral = { id: number; friendEmail: string; friendConfirmed: boolean; reasons: string[]; createdAt: Date };
export type HeldGroup = { referrerId: string; referrerEmail: string; points: number; referralsMade: number; referrals: HeldReferral[] };

const friends = alias(waitlistUsers, "friend");

/** The review queue: held referrals grouped by referrer, the longest-waiting first. */
export async function listHeldReferrals(limit = 500): Promise<HeldGroup[]> {
  const rows = await db
    .select({
      id: referrals.id,
      reasons: referrals.reasons,
      createdAt: referrals.createdAt,
      referrerId: referrals.referrerId,
      referrerEmail: waitlistUsers.email,
      points: waitlistUsers.points,
      referralsMade: waitlistUsers.referralsMade,
      friendEmail: friends.email,
      friendConfirmed: friends.confirmedEmail,
    })
    .from(referrals)
    .innerJoin(waitlistUsers, eq(waitlistUsers.id, referrals.referrerId))
    .innerJoin(friends, eq(friends.id, referrals.referredId))
    .where(eq(referrals.status, "held"))
    .orderBy(asc(referrals.createdAt), asc(referrals.id))
    .limit(limit);
  const groups = new Map<string, HeldGroup>();
  for (const row of rows) {
    const group = groups.get(row.referrerId) ?? {
      referrerId: row.referrerId,
      referrerEmail: row.referrerEmail,
      points: row.points,
      referralsMade: row.referralsMade,
      referrals: [],
    };
    group.referrals.push({ id: row.id, friendEmail: row.friendEmail, friendConfirmed: row.friendConfirmed, reasons: row.reasons, createdAt: row.createdAt });
    groups.set(row.referrerId, group);
  }
  return [...groups.values()];
}

export async function countHeldReferrals(): Promise<number> {
  const [row] = await db.select({ held: sql<number>`count(*)::integer` }).from(referrals).where(eq(referrals.status, "held"));
  return row?.held ?? 0;
}

export type ReviewDecision = {
  decision: "approve" | "reject";
  referrerId: string;
  /** One referral of that referrer, or all of its held ones. */
  referralId?: number;
  note: string;
  /** An admin on the review screen, or an API key (referrals:write). */
  actor: Actor;
};

/**
 * An admin's decision on held referrals: approvals pay through the ledger, rejections are
 * recorded with who and why; either way the referrer's audit log gets a row. Referrals
 * decided meanwhile (another admin, another tab) are left alone.
 */
export async function decideHeldReferrals(input: ReviewDecision): Promise<{ decided: number }> {
  return runTransaction(async (tx) => {
    const before = await lockStanding(tx, input.referrerId);
    const held = await tx
      .select({ id: referrals.id, referredId: referrals.referredId, friendEmail: friends.email })
      .from(referrals)
      .innerJoin(friends, eq(friends.id, referrals.referredId))
      .where(
        and(
          eq(referrals.referrerId, input.referrerId),
          eq(referrals.status, "held"),
          input.referralId === undefined ? undefined : eq(referrals.id, input.referralId),
        ),
      )
      .for("update", { of: referrals });
    if (held.length === 0) throw new AppError("CONFLICT", "These referrals were already decided.");

    const decidedIds: number[] = [];
    const rejectedIds: number[] = [];
    for (const referral of held) {
      const paid = input.decision === "approve" && (await payReferral(tx, { referrerId: input.referrerId, referredId: referral.referredId }));
      (paid ? decidedIds : rejectedIds).push(referral.id);
    }
    const decided = { decidedAt: sql`now()`, decidedBy: adminIdOf(input.actor), decisionNote: input.note };
    if (decidedIds.length > 0) await tx.update(referrals).set({ ...decided, status: "credited" }).where(inArray(referrals.id, decidedIds));
    if (rejectedIds.length > 0) await tx.update(referrals).set({ ...decided, status: "rejected" }).where(inArray(referrals.id, rejectedIds));

    const [after] = await tx
      .select({ points: waitlistUsers.points, referralsMade: waitlistUsers.referralsMade })
      .from(waitlistUsers)
      .where(eq(waitlistUsers.id, input.referrerId));
    const change = { ...after, friends: held.map((referral) => referral.friendEmail), note: input.note };
    await recordAudit(tx, {
      memberId: input.referrerId,
      adminId: adminIdOf(input.actor),
      apiKeyId: input.actor.kind === "api_key" ? input.actor.id : undefined,
      action: input.decision === "approve" ? "referral_approved" : "referral_rejected",
      before,
      after: change,
    });
    await recordAuditEvent(tx, input.actor, {
      action: input.decision === "approve" ? "referrals.approved" : "referrals.rejected",
      targetType: "member",
      targetId: input.referrerId,
      before,
      after: change,
    });
    return { decided: held.length };
  });
}

export type Recount = { before: Standing; after: Standing };

/**
 * Rebuilds a member's points and referrals from the ledger (points: the sum of its rows;
 * referrals: referral credits since the last reset) and stores them when they differ,
 * with an audit row. The season's safety net after a bug or a manual edit.
 */
export async function recountMember(memberId: string, adminId: string): Promise<Recount> {
  return runTransaction(async (tx) => {
    const before = await lockStanding(tx, memberId);
    const [totals] = await tx
      .select({
        points: sql<number>`coalesce(sum(${pointsLedger.delta}), 0)::integer`,
        referralsMade: sql<number>`(count(*) filter (where ${pointsLedger.reason} = 'referral_credit' and ${pointsLedger.id} > coalesce((
          select max(id) from points_ledger last_reset where last_reset.member_id = ${memberId} and last_reset.reason = 'admin_reset'), 0)))::integer`,
      })
      .from(pointsLedger)
      .where(eq(pointsLedger.memberId, memberId));
    const after = { points: Math.max(0, totals?.points ?? 0), referralsMade: totals?.referralsMade ?? 0 };
    if (after.points !== before.points || after.referralsMade !== before.referralsMade) {
      await tx.update(waitlistUsers).set({ ...after, updatedAt: sql`now()` }).where(eq(waitlistUsers.id, memberId));
      await recordAudit(tx, { memberId, adminId, action: "recounted", before, after });
    }
    return { before, after };
  });
}
