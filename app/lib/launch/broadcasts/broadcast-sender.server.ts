import { sql } from "drizzle-orm";
import { db } from "~/kernel/db.server";
import { recordDeliveryFailure } from "~/lib/email/delivery-failure.server";
import { markEmailFailed } from "~/lib/email/outbox.server";
import { giveBackEmails, sendHeldBatch, startLeaseHeartbeat, type HeldEmails } from "~/lib/email/outbox-batch.server";
import { sendBatch } from "~/lib/email/send-batch.server";
import type { MailTransport } from "~/lib/email/transport.server";
import { sleep } from "~/lib/jobs/sleep";
import { log } from "~/kernel/log.server";
import { getSiteSetting } from "~/lib/settings/settings.server";
import { BROADCAST_MAX_LANES, lanesForPace } from "./broadcast-lanes";
import { claimBroadcastBatch, type ClaimedBroadcastMessage } from "./broadcast-messages.server";
import { broadcastTemplates, fillForMember, placesFor } from "./broadcast-render.server";

/**
 * A broadcast message's lease (ADR 0068): short, so the messages of a process that died are
 * taken over within seconds; a live sender renews its messages in hand every third of it.
 */
export const BROADCAST_LEASE_SECONDS = 15;
/** Messages claimed per statement, at most (the claim also keeps to a second of the pace). */
export const BROADCAST_BATCH = 100;
/** What one batch came to; `slowDown`: the mail server asked to wait (a 4xx) or could not be reached. */
export type BroadcastBatchOutcome = { claimed: number; sent: number; failed: number; slowDown: boolean };

/** Messages this process holds, renewed by the heartbeat until marked or given up. */
export type HeldMessages = HeldEmails;

/**
 * Sends the next batch of some broadcast's messages, if the pace lets any go now. Each message
 * is marked sent after the mail server's 250 for it, all of a batch in one statement at its
 * end: a process killed before the mark leaves them pending, and they go again (with the same
 * Message-ID) once their lease runs out. In rehearsal mode nothing leaves (ADR 0051).
 */
export async function sendNextBroadcastBatch(
  transport: MailTransport,
  { leaseSeconds = BROADCAST_LEASE_SECONDS, limit = BROADCAST_BATCH, held = new Set() as HeldMessages } = {},
): Promise<BroadcastBatchOutcome> {
  const perMinute = await getSiteSetting("broadcastMessagesPerMinute");
  const batch = await claimBroadcastBatch(leaseSeconds, perMinute, limit);
  const outcome: BroadcastBatchOutcome = { claimed: batch.length, sent: 0, failed: 0, slowDown: false };
  if (batch.length === 0) return outcome;
  outcome.sent = await sendHeldBatch(batch, held, async (accepted) => {
    const templates = await broadcastTemplates(batch[0]!.broadcastId);
    if (!templates || templates.problem !== null) {
      for (const message of batch) await markEmailFailed(message, templates?.problem ?? "the broadcast is gone", { isPermanent: true });
      outcome.failed = batch.length;
      return;
    }
    const places = templates.needsRank ? await placesFor(batch) : new Map<string, number>();
    // One message in flight per lane of the sender (the lanes are its own, sized to the pace).
    const result = await sendBatch(
      batch,
      (message) => (message.rehearsal ? Promise.resolve() : transport.send({ ...message, kind: "broadcast", replyTo: null, templateData: null, ...fillForMember(templates, message, places) })),
      { lanes: 1 },
    );
    accepted.push(...result.accepted);
    outcome.slowDown = result.slowDown;
    outcome.failed = result.failed.length;
    for (const { message, error } of result.failed) await recordFailure(message, error);
    // The server asked to wait: the rest of the batch goes back, no attempt counted.
    await giveBackEmails(result.untried);
  });
  return outcome;
}

const recordFailure = (message: ClaimedBroadcastMessage, error: unknown) =>
  recordDeliveryFailure(message, error, { broadcastId: message.broadcastId });

/** How long until some sending broadcast may send again (null: none is sending). */
async function nextSlotInMs(): Promise<number | null> {
  const result = await db.execute<{ wait_ms: number | null }>(sql`
    select (extract(epoch from (min(next_send_at) - clock_timestamp())) * 1000)::integer as wait_ms
      from broadcasts where status = 'sending'`);
  const waitMs = result.rows[0]?.wait_ms;
  return waitMs === null || waitMs === undefined ? null : Number(waitMs);
}

const IDLE_POLL_MS = 1000;
/** A sending broadcast whose messages are all in flight or waiting for a retry: look again soon, not at once. */
const BUSY_POLL_MS = 25;
/** After the mail server asks to wait: the first pause, doubled each time it asks again, up to the longest. */
const SLOW_DOWN_MS = { first: 1000, longest: 60_000 } as const;

/**
 * Sends broadcasts from this process at the site's pace, over as many lanes as the pace needs
 * (one connection each); every process does the same, and the claim keeps them all together
 * to the pace. A heartbeat renews the leases of the messages in hand. A database or mail
 * server outage is logged and retried; `stop` lets the batches in hand finish.
 */
export function startBroadcastSender(transport: MailTransport, { leaseSeconds = BROADCAST_LEASE_SECONDS } = {}) {
  const stopping = new AbortController();
  const held: HeldMessages = new Set();
  const stopHeartbeat = startLeaseHeartbeat(held, leaseSeconds, "broadcast messages'");
  let slowDownMs = 0;
  // While no broadcast is sending, only the first lane looks (once a second); it wakes the others.
  let wakeIdleLanes = () => undefined as void;
  let idleLanesWoken = new Promise<void>((resolve) => (wakeIdleLanes = resolve));
  stopping.signal.addEventListener("abort", () => wakeIdleLanes(), { once: true });
  const wakeAll = () => {
    wakeIdleLanes();
    idleLanesWoken = new Promise<void>((resolve) => (wakeIdleLanes = resolve));
  };
  const lane = async (index: number) => {
    while (!stopping.signal.aborted) {
      try {
        if (index > 0 && index >= lanesForPace(await getSiteSetting("broadcastMessagesPerMinute"))) {
          await sleep(IDLE_POLL_MS, stopping.signal);
          continue;
        }
        const outcome = await sendNextBroadcastBatch(transport, { leaseSeconds, held });
        if (outcome.slowDown) {
          slowDownMs = Math.min(SLOW_DOWN_MS.longest, Math.max(SLOW_DOWN_MS.first, slowDownMs * 2));
          log.warn("the mail server asked the broadcast sender to slow down", { pauseMs: slowDownMs });
          await sleep(slowDownMs, stopping.signal);
          continue;
        }
        if (outcome.claimed > 0) {
          if (outcome.sent > 0) slowDownMs = 0;
          if (index === 0) wakeAll();
          continue;
        }
        const waitMs = await nextSlotInMs();
        if (waitMs === null) {
          if (index === 0) await sleep(IDLE_POLL_MS, stopping.signal);
          else await idleLanesWoken;
          continue;
        }
        if (index === 0) wakeAll();
        await sleep(waitMs > 0 ? Math.min(IDLE_POLL_MS, waitMs) : BUSY_POLL_MS, stopping.signal);
      } catch (error) {
        log.warn("broadcast sender could not reach the database; trying again", { reason: error instanceof Error ? error.message : String(error) });
        await sleep(IDLE_POLL_MS, stopping.signal);
      }
    }
  };
  const running = Array.from({ length: BROADCAST_MAX_LANES }, (_, index) => lane(index));
  return {
    async stop() {
      stopping.abort();
      await Promise.all(running);
      stopHeartbeat();
      transport.close();
    },
  };
}
