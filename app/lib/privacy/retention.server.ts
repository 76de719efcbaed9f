import { sql, type SQL } from "drizzle-orm";
import { runTransaction, type Transaction } from "../../kernel/db.server";
import { startPeriodicJob } from "../jobs/periodic.server";
import { log } from "../../kernel/log.server";
import { getSiteSettings } from "../settings/settings.server";
import { eraseMemberIn } from "./erase-member.server";
import { everythingDeletedOn, RETENTION_BATCH } from "./retention-rules";
import { ADVISORY_LOCKS } from "../../kernel/advisory-locks";

const RETENTION_JOB_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type RetentionCounts = { unconfirmedErased: number; afterLaunchErased: number; skipped: boolean };

/** Erases up to a batch of the members `due` names, oldest first; how many it erased. */
async function eraseDue(tx: Transaction, due: SQL): Promise<number> {
  const ids = await tx.execute<{ id: string }>(sql`select id from waitlist_users where ${due} order by join_date, id limit ${RETENTION_BATCH}`);
  let erased = 0;
  for (const { id } of ids.rows) if (await eraseMemberIn(tx, id, { kind: "retention" })) erased += 1;
  return erased;
}

/**
 * The retention schedule (issue 29, Site Settings → Privacy & Retention): a member who
 * never confirmed their address is erased `unconfirmedMemberDays` after joining, and once
 * the launch date plus `monthsAfterLaunch` has passed, every remaining membership is. Each
 * goes through eraseMember, so a scheduled deletion removes exactly what a member's own
 * does. One process at a time (a transaction-scoped advisory lock; the others skip), at
 * most a batch of each per run: the next run takes the rest. A parent's unanswered request,
 * sent e-mail bodies and rate-limit windows keep their own schedules (the consent schedule
 * and the purge job).
 */
export async function runRetention(now = new Date()): Promise<RetentionCounts> {
  const { unconfirmedMemberDays, launchDate, monthsAfterLaunch } = await getSiteSettings(["unconfirmedMemberDays", "launchDate", "monthsAfterLaunch"]);
  return runTransaction(async (tx) => {
    const lock = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.retentionJob}) as locked`);
    if (!lock.rows[0]?.locked) return { unconfirmedErased: 0, afterLaunchErased: 0, skipped: true };
    const joinedBefore = new Date(now.getTime() - unconfirmedMemberDays * DAY_MS).toISOString();
    const unconfirmedErased = await eraseDue(tx, sql`not confirmed_email and join_date < ${joinedBefore}::timestamptz`);
    const endOfWaitlist = everythingDeletedOn(launchDate, monthsAfterLaunch);
    const afterLaunchErased = endOfWaitlist && now >= endOfWaitlist ? await eraseDue(tx, sql`true`) : 0;
    return { unconfirmedErased, afterLaunchErased, skipped: false };
  });
}

/** Runs the retention schedule at boot and then hourly. */
export function startRetentionJob() {
  return startPeriodicJob(
    "retention schedule",
    async () => {
      const counts = await runRetention();
      if (counts.unconfirmedErased + counts.afterLaunchErased > 0) log.info("retention schedule erased members", counts);
    },
    RETENTION_JOB_INTERVAL_MS,
  );
}
