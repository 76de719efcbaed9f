import { sql, type SQL } from "drizzle-orm";
import { recordAdminAuditEvent } from "../audit/audit.server";
import { canRunRehearsal, type Role } from "../auth/roles";
import { db, type Executor, type Transaction } from "../../kernel/db.server";
import { wakeEmailSender } from "../email/outbox.server";
import { AppError } from "../../kernel/errors";
import { lockSeasonJob } from "../seasons/season-freeze.server";
import { saveSiteSettings } from "../settings/settings.server";
import { REHEARSAL_EMAIL_KINDS } from "./rehearsal-kinds";
import type { RehearsalDiscards, RehearsalState } from "./rehearsal";
import { ADVISORY_LOCKS } from "../../kernel/advisory-locks";


const NO_DISCARDS: RehearsalDiscards = { messages: 0, waves: 0, broadcasts: 0, seasons: 0 };

export async function requireRehearsalOwner(executor: Executor, userId: string): Promise<void> {
  const found = await executor.execute<{ role: string }>(sql`select role from users where id = ${userId}`);
  if (!canRunRehearsal(found.rows[0]?.role as Role | undefined)) throw new AppError("FORBIDDEN", "Only an owner can start or end a rehearsal.");
}

async function lockSwitch(tx: Transaction): Promise<void> {
  // The e-mail claims' lock (db/functions/email_outbox_claim.sql), taken here exclusively:
  // the claims running finish first, and none runs until the switch has committed.
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.rehearsalSwitch})`);
  // And a month-end freeze in progress finishes first (it never runs during a rehearsal).
  await lockSeasonJob(tx);
}

/** The switch as stored, read past the settings cache. */
async function readSwitch(executor: Executor): Promise<{ isOn: boolean; startedAt: string | null }> {
  const found = await executor.execute<{ on: boolean; started_at: string | null }>(sql`
    select rehearsal_mode_on() as on, (select value #>> '{}' from site_settings where key = 'rehearsal_started_at') as started_at`);
  const row = found.rows[0];
  return { isOn: row?.on === true, startedAt: row?.on && row.started_at ? new Date(row.started_at).toISOString() : null };
}

/** The rehearsal's own messages (alias o): its broadcasts', and those of its kinds queued since it began. */
function rehearsalsOwnMessage(startedAt: string): SQL {
  const kinds = sql.join(REHEARSAL_EMAIL_KINDS.map((kind) => sql`${kind}`), sql`, `);
  return sql`(o.broadcast_id in (select id from broadcasts where rehearsal)
              or (o.broadcast_id is null and o.kind in (${kinds}) and o.created_at >= ${startedAt}::timestamptz))`;
}

async function countDiscards(executor: Executor, startedAt: string): Promise<RehearsalDiscards & { toSendAtEnd: number }> {
  const found = await executor.execute<{ messages: number; waves: number; broadcasts: number; seasons: number; to_send: number }>(sql`
    select (select count(*) from email_outbox o where ${rehearsalsOwnMessage(startedAt)})::integer as messages,
           (select count(*) from email_outbox o where o.rehearsal and not ${rehearsalsOwnMessage(startedAt)})::integer as to_send,
           (select count(*) from waves where rehearsal)::integer as waves,
           (select count(*) from broadcasts where rehearsal)::integer as broadcasts,
           (select count(*) from seasons where rehearsal)::integer as seasons`);
  const row = found.rows[0]!;
  return { messages: Number(row.messages), waves: Number(row.waves), broadcasts: Number(row.broadcasts), seasons: Number(row.seasons), toSendAtEnd: Number(row.to_send) };
}

/** For Site Settings → Rehearsal: whether one runs, since when, and what ending it would discard. */
export async function getRehearsalState(): Promise<RehearsalState> {
  const { isOn, startedAt } = await readSwitch(db);
  if (!isOn || !startedAt) return { isOn, startedAt: null, discards: NO_DISCARDS, toSendAtEnd: 0 };
  const { toSendAtEnd, ...discards } = await countDiscards(db, startedAt);
  return { isOn, startedAt, discards, toSendAtEnd };
}

/**
 * Starts a rehearsal (owners only, audited): from the next claim on, in every process, no
 * e-mail leaves the site (sign-in links excepted) and only test webhook endpoints get events.
 */
export async function startRehearsal(ownerId: string): Promise<{ startedAt: string }> {
  return db.transaction(async (tx) => {
    await requireRehearsalOwner(tx, ownerId);
    await lockSwitch(tx);
    if ((await readSwitch(tx)).isOn) throw new AppError("CONFLICT", "A rehearsal is already running.");
    const now = await tx.execute<{ now: string | Date }>(sql`select now() as now`);
    const startedAt = new Date(now.rows[0]!.now).toISOString();
    await saveSiteSettings({ rehearsalMode: true, rehearsalStartedAt: startedAt }, null, tx);
    await recordAdminAuditEvent(tx, ownerId, { action: "rehearsal.started", targetType: "settings", targetId: "rehearsal_mode", before: { on: false }, after: { on: true } });
    return { startedAt };
  });
}

/**
 * Ends the rehearsal (owners only, audited), in one transaction: its messages, waves (with
 * their invites), broadcasts (with their messages) and season closes (with standings and
 * prize claims) are deleted; the other messages it held (real visitors') go back to the
 * queue and are sent now. Members' own rows are as they were before it began.
 */
export async function endRehearsal(ownerId: string): Promise<{ discarded: RehearsalDiscards; sent: number }> {
  const result = await db.transaction(async (tx) => {
    await requireRehearsalOwner(tx, ownerId);
    await lockSwitch(tx);
    const { isOn, startedAt } = await readSwitch(tx);
    if (!isOn) throw new AppError("CONFLICT", "No rehearsal is running.");
    const since = startedAt ?? new Date(0).toISOString();
    const { toSendAtEnd: _counted, ...discarded } = await countDiscards(tx, since);
    await tx.execute(sql`delete from email_outbox o where ${rehearsalsOwnMessage(since)}`);
    await tx.execute(sql`delete from broadcasts where rehearsal`);
    await tx.execute(sql`delete from waves where rehearsal`);
    await tx.execute(sql`delete from seasons where rehearsal`);
    // Held, not sent: back to the queue. One its sender is still marking stays unmarked (its mark checks the flag).
    const given = await tx.execute<{ id: number }>(sql`
      update email_outbox
         set rehearsal = false, locked_until = null,
             status = case when status = 'sent' then 'pending' else status end,
             sent_at = case when status = 'sent' then null else sent_at end,
             next_attempt_at = case when status = 'sent' then now() else next_attempt_at end
       where rehearsal
      returning id`);
    await saveSiteSettings({ rehearsalMode: false, rehearsalStartedAt: null }, null, tx);
    const sent = given.rows.length;
    await recordAdminAuditEvent(tx, ownerId, {
      action: "rehearsal.ended",
      targetType: "settings",
      targetId: "rehearsal_mode",
      before: { on: true, startedAt },
      after: { on: false, discarded, sentAtEnd: sent },
    });
    return { discarded, sent };
  });
  if (result.sent > 0) wakeEmailSender();
  return result;
}
