import { and, desc, eq, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { pointsLedger, referrals, waitlistUsers } from "../../../db/schema";
import { db } from "../../kernel/db.server";
import { crewNameOf } from "../crew-names/crew-name";
import type { HistoryEntry, PendingEntry } from "./history-text";

export const HISTORY_PAGE_SIZE = 20;

const other = alias(waitlistUsers, "other");

export type PointsHistory = { pending: PendingEntry[]; entries: HistoryEntry[]; nextBefore: number | null };

/**
 * A member's ledger, newest first, a page at a time (`before`: the last id seen), with the
 * referrals still waiting for a friend to confirm on top. Other members appear by crew name (ADR 0042).
 */
export async function getPointsHistory(memberId: string, before?: number): Promise<PointsHistory> {
  const [rows, waiting] = await Promise.all([
    db
      .select({ id: pointsLedger.id, delta: pointsLedger.delta, reason: pointsLedger.reason, otherId: other.id, otherRoll: other.crewNameRoll, otherConfirmed: other.confirmedEmail, at: pointsLedger.createdAt })
      .from(pointsLedger)
      .leftJoin(other, eq(other.id, pointsLedger.relatedMemberId))
      .where(and(eq(pointsLedger.memberId, memberId), before === undefined ? undefined : lt(pointsLedger.id, before)))
      .orderBy(desc(pointsLedger.id))
      .limit(HISTORY_PAGE_SIZE + 1),
    before === undefined
      ? db
          .select({ friendId: waitlistUsers.id, friendRoll: waitlistUsers.crewNameRoll, since: referrals.createdAt })
          .from(referrals)
          .innerJoin(waitlistUsers, eq(waitlistUsers.id, referrals.referredId))
          .where(and(eq(referrals.referrerId, memberId), eq(referrals.status, "pending")))
          .orderBy(desc(referrals.createdAt))
          .limit(HISTORY_PAGE_SIZE)
      : Promise.resolve([]),
  ]);
  const page = rows.slice(0, HISTORY_PAGE_SIZE);
  return {
    pending: waiting.map((row) => ({ friend: crewNameOf(row.friendId, row.friendRoll), since: row.since.toISOString() })),
    entries: page.map((row) => ({
      id: row.id,
      delta: row.delta,
      reason: row.reason,
      other: row.otherId ? crewNameOf(row.otherId, row.otherRoll ?? 0) : null,
      otherConfirmed: row.otherConfirmed ?? false,
      at: row.at.toISOString(),
    })),
    nextBefore: rows.length > HISTORY_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}
