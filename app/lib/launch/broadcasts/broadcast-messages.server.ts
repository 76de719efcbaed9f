import { sql } from "drizzle-orm";
import { db } from "~/kernel/db.server";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "~/kernel/i18n/languages";

// A broadcast's messages in the outbox (ADR 0050, 0068): claimed in batches at the site's
// pace with what each member's copy needs. Marking them sent, renewing their leases and giving
// them back are the outbox's batch statements (app/lib/email/outbox-batch.server.ts, ADR 0069).

/** A claimed message with its member's values (broadcast_claim_batch, db/functions/broadcast_claim_batch.sql). */
export type ClaimedBroadcastMessage = {
  id: number;
  to: string;
  attempts: number;
  rehearsal: boolean;
  broadcastId: number;
  memberId: string;
  crewNameRoll: number;
  language: Language;
  points: number;
  referralsMade: number;
  referralCode: string;
  isParentConsented: boolean;
};

/** A member's values for their copy, as SQL gives them (the claim's row, the mailboxes' read). */
export type RecipientRow = {
  to_address: string;
  member_id: string;
  crew_name_roll: number;
  language: string;
  points: number;
  referrals_made: number;
  referral_code: string;
  is_parent_consented: boolean;
};

type ClaimRow = RecipientRow & { id: string | number; attempts: number; rehearsal: boolean; broadcast_id: string | number };

export type Recipient = Pick<ClaimedBroadcastMessage, "to" | "memberId" | "crewNameRoll" | "language" | "points" | "referralsMade" | "referralCode" | "isParentConsented">;

export const toRecipient = (row: RecipientRow): Recipient => ({
  to: row.to_address,
  memberId: row.member_id,
  crewNameRoll: Number(row.crew_name_roll),
  language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
  points: Number(row.points),
  referralsMade: Number(row.referrals_made),
  referralCode: row.referral_code,
  isParentConsented: row.is_parent_consented,
});

/**
 * The next messages one sending broadcast may send now (at most `limit`, at most a second of
 * the pace), leased to this process; blocked members' and suppressed addresses' messages are
 * settled in the same statement. Empty when each broadcast must wait or has nothing due.
 */
export async function claimBroadcastBatch(leaseSeconds: number, perMinute: number, limit: number): Promise<ClaimedBroadcastMessage[]> {
  const result = await db.execute<ClaimRow>(sql`select * from broadcast_claim_batch(${leaseSeconds}, ${perMinute}, ${limit})`);
  // In queue order (the function's sorts are off, so it holds to its index scans).
  const rows = result.rows.sort((a, b) => Number(a.id) - Number(b.id));
  return rows.map((row) => ({ ...toRecipient(row), id: Number(row.id), attempts: Number(row.attempts), rehearsal: row.rehearsal, broadcastId: Number(row.broadcast_id) }));
}
