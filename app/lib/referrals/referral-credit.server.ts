import { and, eq, sql } from "drizzle-orm";
import { referrals } from "../../../db/schema";
import { db, type Executor, type Transaction } from "../../kernel/db.server";
import { REFERRAL_BONUS_POINTS, REFERRER_POINTS } from "../points/points-rules";
import { enqueueWebhookEvent, wakeWebhookSender } from "../webhooks/enqueue.server";

type ReferralPair = { referrerId: string; referredId: string };

/**
 * Pays a referral: +10 points and one referral to the referrer, +5 to the friend, with
 * their ledger rows and the referral.credited event (referral_pay, db/functions/referral_pay.sql —
 * the sign-up's own SQL pays through it too). Nothing when the referrer has been blocked
 * meanwhile.
 */
export async function payReferral(tx: Transaction, { referrerId, referredId }: ReferralPair): Promise<boolean> {
  const result = await tx.execute<{ paid: boolean }>(
    sql`select referral_pay(${referrerId}, ${referredId}, ${REFERRER_POINTS}, ${REFERRAL_BONUS_POINTS}, now()) as paid`,
  );
  wakeWebhookSender();
  return result.rows[0]?.paid === true;
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
