import { sql } from "drizzle-orm";
import { recordAdminAuditEvent } from "../audit/audit.server";
import type { Transaction } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import type { SiteSettings } from "../settings/settings.server";
import { everythingDeletedOn } from "./retention-rules";

// Two retention settings can schedule the deletion of every member (a launch date in the
// past and one month after it), and a short unconfirmed-member period takes many at once.
// A change that would erase members within this many days is an owner's (issue 37).
export const RETENTION_NOTICE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type RetentionSchedule = Pick<SiteSettings, "unconfirmedMemberDays" | "launchDate" | "monthsAfterLaunch">;
export const RETENTION_SETTING_NAMES = ["unconfirmedMemberDays", "launchDate", "monthsAfterLaunch"] as const satisfies readonly (keyof RetentionSchedule)[];

export function retentionChangeRefusal(count: number): string {
  return `This change would erase ${count} ${count === 1 ? "member" : "members"} within ${RETENTION_NOTICE_DAYS} days: only an owner can make it.`;
}

/** Members the retention job erases by `by` under a schedule (the rule of runRetention). */
function erasedBy(schedule: RetentionSchedule, by: Date) {
  const joinedBefore = new Date(by.getTime() - schedule.unconfirmedMemberDays * DAY_MS).toISOString();
  const endOfWaitlist = everythingDeletedOn(schedule.launchDate, schedule.monthsAfterLaunch);
  const isEverythingGone = endOfWaitlist !== null && endOfWaitlist <= by;
  return sql`((not confirmed_email and join_date < ${joinedBefore}::timestamptz) or ${isEverythingGone})`;
}

/** How many members `next` would erase within RETENTION_NOTICE_DAYS that `current` would not. */
export async function countErasedSoonerBy(tx: Transaction, current: RetentionSchedule, next: RetentionSchedule, now = new Date()): Promise<number> {
  const by = new Date(now.getTime() + RETENTION_NOTICE_DAYS * DAY_MS);
  const found = await tx.execute<{ n: number }>(sql`select count(*)::integer as n from waitlist_users where ${erasedBy(next, by)} and not ${erasedBy(current, by)}`);
  return Number(found.rows[0]?.n ?? 0);
}

/**
 * Before a retention change is saved: when it would erase members within 30 days, only an
 * owner may make it (checked against the database), and it is audited with how many. Returns
 * that count (0: nothing sooner, nothing more to do).
 */
export async function admitRetentionChange(tx: Transaction, current: RetentionSchedule, next: RetentionSchedule, adminId: string): Promise<number> {
  const count = await countErasedSoonerBy(tx, current, next);
  if (count === 0) return 0;
  const found = await tx.execute<{ role: string | null }>(sql`select role from users where id = ${adminId}`);
  if (found.rows[0]?.role !== "owner") throw new AppError("FORBIDDEN", retentionChangeRefusal(count));
  await recordAdminAuditEvent(tx, adminId, {
    action: "retention.shortened",
    targetType: "settings",
    targetId: RETENTION_SETTING_NAMES.join(", "),
    before: current,
    after: { ...next, membersErasedWithinDays: RETENTION_NOTICE_DAYS, membersErased: count },
  });
  return count;
}
