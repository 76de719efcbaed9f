import { sql } from "drizzle-orm";
import { recordAuditEvent } from "~/lib/audit/audit.server";
import { db } from "~/kernel/db.server";
import { startPeriodicJob } from "~/lib/jobs/periodic.server";
import { enqueueWebhookEvent } from "~/lib/webhooks/enqueue.server";
import type { ResolvedAudience } from "../audience";
import { broadcastEventData, broadcastRecipientsQuery } from "./broadcasts.server";
import { ADVISORY_LOCKS } from "~/kernel/advisory-locks";

/** Members queued per statement: a page is one short transaction, so a crash loses at most a page's work, never its rows. */
export const QUEUE_PAGE_SIZE = 5000;
const JOB = { kind: "system", name: "broadcast job" } as const;
const FIRST_ID = "00000000-0000-0000-0000-000000000000";

type QueueRow = { id: number; audience: ResolvedAudience; queued_through: string | null; subject: string };

/**
 * Queues the next page of one broadcast's messages (members in id order after its cursor),
 * one per member: the unique (broadcast, member) index makes a page queued twice (two
 * processes, a retry after a crash) add nothing. Returns false when no broadcast has
 * members left to queue. One process queues a broadcast at a time (an advisory lock held
 * for the page's transaction).
 */
export async function queueNextPage(pageSize = QUEUE_PAGE_SIZE): Promise<boolean> {
  return db.transaction(async (tx) => {
    // An advisory lock, not the row's: the senders' claims lock the row for each message.
    const found = await tx.execute<QueueRow>(sql`
      select id, audience, queued_through, subject from broadcasts
       where status in ('sending', 'paused') and queued_at is null and pg_try_advisory_xact_lock(${ADVISORY_LOCKS.broadcastQueue}, id::integer)
       order by id limit 1`);
    const broadcast = found.rows[0];
    if (!broadcast) return false;
    const id = Number(broadcast.id);
    const page = await tx.execute<{ queued: number; last_member: string | null }>(sql`
      with page as (
        select r.member_id as id, r.email from (${broadcastRecipientsQuery(broadcast.audience, broadcast.queued_through ?? FIRST_ID)}) as r
         order by r.member_id
         limit ${pageSize}),
      queued as (
        insert into email_outbox (kind, to_address, subject, html, text, broadcast_id, member_id, template_data)
        select 'broadcast', page.email, ${broadcast.subject}, '', '', ${id}, page.id,
               jsonb_build_object('broadcastId', ${id}::bigint, 'memberId', page.id)
          from page
        on conflict (broadcast_id, member_id) where broadcast_id is not null do nothing
        returning 1)
      select (select count(*) from queued)::integer as queued,
             (select page.id from page order by page.id desc limit 1) as last_member,
             (select count(*) from page)::integer as page_size`);
    const result = page.rows[0] as { queued: number; last_member: string | null; page_size: number } | undefined;
    const isLastPage = !result || Number(result.page_size) < pageSize;
    await tx.execute(sql`
      update broadcasts
         set queued_through = coalesce(${result?.last_member ?? null}::uuid, queued_through),
             queued_at = ${isLastPage ? sql`now()` : sql`null`}
       where id = ${id}`);
    return true;
  });
}

/** Scheduled broadcasts whose time has come start sending. */
export async function startDueBroadcasts(): Promise<number> {
  return db.transaction(async (tx) => {
    const started = await tx.execute<{ id: number; subject: string; audience: unknown; audience_count: number; rehearsal: boolean }>(sql`
      update broadcasts set status = 'sending', next_send_at = now()
       where status = 'scheduled' and scheduled_at <= now()
      returning id, subject, audience, audience_count, rehearsal`);
    for (const row of started.rows) {
      const data = broadcastEventData({ id: Number(row.id), subject: row.subject, audience: row.audience, audienceCount: Number(row.audience_count), rehearsal: row.rehearsal });
      await recordAuditEvent(tx, JOB, { action: "broadcast.started", targetType: "broadcast", targetId: String(row.id) });
      await enqueueWebhookEvent(tx, "broadcast.started", data);
    }
    return started.rows.length;
  });
}

/** Sending broadcasts with every message queued and none left waiting are finished. */
export async function finishSentBroadcasts(): Promise<number> {
  return db.transaction(async (tx) => {
    const finished = await tx.execute<{ id: number; subject: string; audience: unknown; audience_count: number; rehearsal: boolean }>(sql`
      update broadcasts b set status = 'finished', finished_at = now()
       where b.status = 'sending' and b.queued_at is not null
         and not exists (select 1 from email_outbox e where e.broadcast_id = b.id and e.status = 'pending')
      returning id, subject, audience, audience_count, rehearsal`);
    for (const row of finished.rows) {
      const counts = await tx.execute<{ status: string; count: number }>(sql`
        select status, count(*)::integer as count from email_outbox where broadcast_id = ${row.id} group by status`);
      const outcome = Object.fromEntries(counts.rows.map((count) => [count.status, Number(count.count)]));
      const data = { ...broadcastEventData({ id: Number(row.id), subject: row.subject, audience: row.audience, audienceCount: Number(row.audience_count), rehearsal: row.rehearsal }), outcome };
      await recordAuditEvent(tx, JOB, { action: "broadcast.finished", targetType: "broadcast", targetId: String(row.id), after: outcome });
      await enqueueWebhookEvent(tx, "broadcast.finished", data);
    }
    return finished.rows.length;
  });
}

/** The messages a cancelled broadcast had not sent are marked cancelled, a batch at a time. */
export async function cancelUnsentMessages(batchSize = 10_000): Promise<number> {
  const result = await db.execute(sql`
    update email_outbox set status = 'cancelled', locked_until = null, template_data = null
     where id in (
       select e.id from broadcasts b join email_outbox e on e.broadcast_id = b.id and e.status = 'pending'
        where b.status = 'cancelled'
        limit ${batchSize}
          for update of e skip locked)`);
  return result.rowCount ?? 0;
}

/** Whether any broadcast has work for the job: one index read a second while none has. */
async function hasBroadcastWork(): Promise<boolean> {
  const result = await db.execute<{ busy: boolean }>(sql`
    select exists (select 1 from broadcasts b
                    where b.status in ('scheduled', 'sending', 'paused')
                       or (b.status = 'cancelled' and exists (select 1 from email_outbox e where e.broadcast_id = b.id and e.status = 'pending'))) as busy`);
  return result.rows[0]?.busy === true;
}

/** One run of the broadcast job: start, queue (for at most `budgetMs`), finish, tidy up. */
export async function advanceBroadcasts({ budgetMs = 2000 } = {}): Promise<void> {
  if (!(await hasBroadcastWork())) return;
  await startDueBroadcasts();
  const until = Date.now() + budgetMs;
  while (Date.now() < until && (await queueNextPage())) {
    // another page
  }
  await finishSentBroadcasts();
  await cancelUnsentMessages();
}

export const BROADCAST_JOB_INTERVAL_MS = 1000;

export function startBroadcastJob({ intervalMs = BROADCAST_JOB_INTERVAL_MS } = {}) {
  return startPeriodicJob(
    "broadcast job",
    async () => {
      await advanceBroadcasts();
    },
    intervalMs,
  );
}
