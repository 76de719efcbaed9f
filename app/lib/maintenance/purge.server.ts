import { sql } from "drizzle-orm";
import { db } from "../../kernel/db.server";
import { startPeriodicJob } from "../jobs/periodic.server";
import { log } from "../../kernel/log.server";
import { holdStaleReferrals } from "../referrals/referral-credit.server";

/** Well past any rate-limit window in use (the longest is an hour). */
const RATE_LIMIT_RETENTION = "2 days";
/**
 * Sent e-mails keep their headers; bodies (sign-in links among them) go after this. A message
 * a rehearsal holds is not sent (ADR 0051): it keeps its body until the rehearsal ends and
 * it goes out whole (issue 37).
 */
const SENT_BODY_RETENTION = "1 day";
/** A checked CSV upload nobody imported: its staged lines hold addresses, so they go. */
const UNSTARTED_IMPORT_RETENTION = "7 days";
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export type PurgeCounts = { rateLimits: number; verifications: number; sessions: number; emailBodies: number; usedBotChallenges: number; unstartedImports: number };

async function affected(statement: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute(statement);
  return Number((result as { rowCount?: number | null; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0);
}

/**
 * Removes what has expired: rate-limit windows, sign-in verifications, sessions, the
 * bodies of sent e-mails (which carry magic-link URLs) and used bot-guard challenges (a
 * replay of an expired one is refused as expired) and CSV uploads checked a week ago but
 * never imported. Idempotent, so every process may run it.
 */
export async function purgeExpiredData(): Promise<PurgeCounts> {
  const rateLimits = await affected(sql`delete from rate_limits where window_started_at < now() - ${RATE_LIMIT_RETENTION}::interval`);
  const verifications = await affected(sql`delete from verifications where expires_at < now()`);
  const sessions = await affected(sql`delete from sessions where expires_at < now()`);
  const emailBodies = await affected(sql`
    update email_outbox set html = '', text = ''
     where status = 'sent' and not rehearsal and sent_at < now() - ${SENT_BODY_RETENTION}::interval and (html <> '' or text <> '')`);
  const usedBotChallenges = await affected(sql`delete from used_bot_challenges where expires_at < now()`);
  const unstartedImports = await affected(sql`
    delete from member_imports where status = 'checked' and created_at < now() - ${UNSTARTED_IMPORT_RETENTION}::interval`);
  return { rateLimits, verifications, sessions, emailBodies, usedBotChallenges, unstartedImports };
}

/** Runs the purge (and moves week-old unconfirmed referrals to review) at boot and then hourly. */
export function startPurgeJob() {
  return startPeriodicJob(
    "purge of expired data",
    async () => log.info("purged expired data", { ...(await purgeExpiredData()), referralsHeld: await holdStaleReferrals() }),
    PURGE_INTERVAL_MS,
  );
}
