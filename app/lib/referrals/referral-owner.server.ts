import { sql } from "drizzle-orm";
import { db } from "../../kernel/db.server";

export type ReferralCodeOwner = { id: string; referralCode: string; crewNameRoll: number; isShownPublicly: boolean };

/**
 * The listed (not blocked) member a referral code names: the member whose current code it
 * is or, failing that, who had it before (referral_code_aliases, ADR 0042), so links shared
 * before codes became random keep working. `referralCode` is the member's current code.
 * The join resolves codes the same way in SQL (db/functions/waitlist_join_batch.sql).
 */
export async function getReferralCodeOwner(code: string): Promise<ReferralCodeOwner | null> {
  const result = await db.execute<{ id: string; referral_code: string; crew_name_roll: number; is_shown_publicly: boolean }>(sql`
    select m.id, m.referral_code, m.crew_name_roll, m.is_shown_publicly
      from waitlist_users m
     where m.id = coalesce((select c.id from waitlist_users c where c.referral_code = ${code}),
                           (select a.member_id from referral_code_aliases a where a.code = ${code}))
       and not m.is_blocked`);
  const row = result.rows[0];
  return row ? { id: row.id, referralCode: row.referral_code, crewNameRoll: Number(row.crew_name_roll), isShownPublicly: row.is_shown_publicly } : null;
}
