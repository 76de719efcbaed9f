import { sql } from "drizzle-orm";
import type { Transaction } from "../db.server";
import type { ReferralSignal } from "./referral-signals";

export type SignalInput = {
  referrerId: string;
  newMemberId: string;
  email: string;
  network: string | null;
  deviceMemberId: string | null;
  isAllowedThrowaway: boolean;
  burstLimit: number;
  dailyCap: number;
};

/**
 * The fair-play signals of a new referral. Runs inside the join's transaction after the
 * referrer's row is locked, so concurrent joins through one link count each other.
 */
export async function referralSignals(tx: Transaction, input: SignalInput): Promise<ReferralSignal[]> {
  const signals: ReferralSignal[] = [];
  const result = await tx.execute<{ last_hour: number; last_day: number; same_network: boolean }>(sql`
    select
      (select count(*)::integer from referrals where referrer_id = ${input.referrerId} and created_at > now() - interval '1 hour') as last_hour,
      (select count(*)::integer from referrals where referrer_id = ${input.referrerId} and created_at > now() - interval '1 day') as last_day,
      (${input.network}::text is not null and exists (
        select 1 from waitlist_users
         where signup_network = ${input.network} and created_at > now() - interval '1 day' and id <> ${input.newMemberId}
           and (id = ${input.referrerId} or referred_by_user_id = ${input.referrerId}))) as same_network`);
  const counts = result.rows[0];
  if (counts?.same_network) signals.push("same_network");
  if (input.deviceMemberId && input.deviceMemberId !== input.newMemberId) signals.push("same_device");
  if (Number(counts?.last_hour ?? 0) >= input.burstLimit) signals.push("burst");
  if (Number(counts?.last_day ?? 0) >= input.dailyCap) signals.push("daily_cap");
  if (input.email.slice(0, input.email.lastIndexOf("@")).includes("+")) signals.push("alias");
  if (input.isAllowedThrowaway) signals.push("disposable");
  return signals;
}
