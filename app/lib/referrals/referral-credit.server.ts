import { and, eq, sql } from "drizzle-orm";
import { pointsLedger, referrals, waitlistUsers } from "../../../db/schema";
import { db, type Executor, type Transaction } from "../db.server";
import { REFERRAL_BONUS_POINTS, REFERRER_POINTS } from "../points/points-rules";
import { enqueueWebhookEvent } from "../webhooks/enqueue.server";
import type { ReferralSignal } from "./referral-signals";

type ReferralPair = { referrerId: string; referredId: string };

/**
 * Pays a referral: +10 points and one referral to the referrer, +5 to the friend, with
 * their ledger rows. Nothing when the referrer has been blocked meanwhile.
 */
export async function payReferral(tx: Transaction, { referrerId, referredId }: ReferralPair): Promise<boolean> {
  const [referrer] = await tx
    .update(waitlistUsers)
    .set({
      points: sql`${waitlistUsers.points} + ${REFERRER_POINTS}`,
      referralsMade: sql`${waitlistUsers.referralsMade} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(waitlistUsers.id, referrerId), eq(waitlistUsers.isBlocked, false)))
    .returning({ id: waitlistUsers.id });
  if (!referrer) return false;
  await tx
    .update(waitlistUsers)
    .set({ points: sql`${waitlistUsers.points} + ${REFERRAL_BONUS_POINTS}`, updatedAt: sql`now()` })
    .where(eq(waitlistUsers.id, referredId));
  await tx.insert(pointsLedger).values([
    { memberId: referrerId, delta: REFERRER_POINTS, reason: "referral_credit", relatedMemberId: referredId },
    { memberId: referredId, delta: REFERRAL_BONUS_POINTS, reason: "referral_bonus", relatedMemberId: referrerId },
  ]);
  await enqueueWebhookEvent(tx, "referral.credited", { referrerId, referredId, referrerPoints: REFERRER_POINTS, friendPoints: REFERRAL_BONUS_POINTS });
  return true;
}

/**
 * Records who brought the new member (whose row already names the referrer: the join
 * stores both in one statement). With fair-play signals it is held for an admin;
 * otherwise in "join" mode it is paid at once, in "confirm" mode it waits for confirmation.
 */
export async function recordReferral(
  tx: Transaction,
  pair: ReferralPair,
  mode: "join" | "confirm",
  signals: readonly ReferralSignal[],
): Promise<"credited" | "pending" | "held"> {
  if (signals.length > 0) {
    await tx.insert(referrals).values({ ...pair, status: "held", reasons: [...signals] });
    await enqueueWebhookEvent(tx, "referral.held", { ...pair, reasons: [...signals] });
    return "held";
  }
  if (mode === "confirm") {
    await tx.insert(referrals).values({ ...pair, status: "pending" });
    return "pending";
  }
  const paid = await payReferral(tx, pair);
  await tx.insert(referrals).values({ ...pair, status: paid ? "credited" : "rejected", decidedAt: sql`now()`, reasons: paid ? [] : ["referrer_blocked"] });
  return "credited";
}

/**
 * The friend confirmed their address: their pending referral is paid, exactly once —
 * the row lock makes a second, concurrent confirmation find it no longer pending.
 */
export async function creditPendingReferral(tx: Transaction, referredId: string): Promise<boolean> {
  const [pending] = await tx
    .update(referrals)
    .set({ status: "credited", decidedAt: sql`now()` })
    .where(and(eq(referrals.referredId, referredId), eq(referrals.status, "pending")))
    .returning({ id: referrals.id, referrerId: referrals.referrerId });
  if (!pending) return false;
  if (await payReferral(tx, { referrerId: pending.referrerId, referredId })) return true;
  await tx.update(referrals).set({ status: "rejected", reasons: ["referrer_blocked"] }).where(eq(referrals.id, pending.id));
  return false;
}

/** Referrals of a member that wait for their friends to confirm. */
export async function countPendingReferrals(referrerId: string, executor: Executor = db): Promise<number> {
  const [row] = await executor
    .select({ pending: sql<number>`count(*)::integer` })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), eq(referrals.status, "pending")));
  return row?.pending ?? 0;
}

/** Pending referrals whose friend has not confirmed for 7 days go to the review queue. Idempotent. */
export async function holdStaleReferrals(): Promise<number> {
  return db.transaction(async (tx) => {
    const held = await tx
      .update(referrals)
      .set({ status: "held", reasons: sql`array_append(${referrals.reasons}, 'unconfirmed_for_7d')` })
      .where(and(eq(referrals.status, "pending"), sql`${referrals.createdAt} < now() - interval '7 days'`))
      .returning({ referrerId: referrals.referrerId, referredId: referrals.referredId, reasons: referrals.reasons });
    for (const referral of held) await enqueueWebhookEvent(tx, "referral.held", referral);
    return held.length;
  });
}
