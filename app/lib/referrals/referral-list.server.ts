import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { referrals } from "../../../db/schema";
import { db } from "../../kernel/db.server";

export type ReferralStatus = "pending" | "credited" | "held" | "rejected";
export type ReferralRow = typeof referrals.$inferSelect;

/** Referrals newest first, optionally of one referrer or in one state, a page at a time by id. */
export async function listReferrals({ referrerId, status, before, limit }: { referrerId?: string; status?: ReferralStatus; before?: number; limit: number }) {
  const conditions: SQL[] = [];
  if (referrerId) conditions.push(eq(referrals.referrerId, referrerId));
  if (status) conditions.push(eq(referrals.status, status));
  if (before) conditions.push(lt(referrals.id, before));
  const rows = await db
    .select()
    .from(referrals)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(referrals.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}
