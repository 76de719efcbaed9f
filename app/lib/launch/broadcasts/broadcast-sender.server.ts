import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { addUnsubscribeLink, emailLanguage } from "~/lib/email/layout";
import { i18nFor } from "~/lib/i18n/catalogs.server";
import { LEASE_SECONDS, markEmailSuppressed } from "~/lib/email/outbox.server";
import { emailHashOf, suppressEmailHash, unsubscribeUrl } from "~/lib/email/suppression.server";
import { RecipientRejectedError, type MailTransport } from "~/lib/email/transport.server";
import { sendLeased } from "~/lib/email/worker.server";
import { log } from "~/lib/log.server";
import { getSiteSetting } from "~/lib/settings/settings.server";
import { claimBroadcastMessage, failBroadcastMessage, markBroadcastMessageSent, skipBroadcastMessage, type BroadcastMessage } from "./broadcast-messages.server";
import { prepareBroadcastMessage } from "./broadcast-render.server";

export type BroadcastSendOutcome = "sent" | "suppressed" | "skipped" | "failed" | "none";

/**
 * Sends one message of a broadcast, if the pace lets one go now (ADR 0050). Exactly once: it
 * is marked sent after the mail server has the whole message and before the line that
 * completes it, so a process killed before the mark leaves an incomplete message the server
 * discards (and the message is sent again when its lease runs out), and one killed after it
 * has, at most, not yet written that last line.
 */
export async function sendNextBroadcastMessage(transport: MailTransport, { leaseSeconds = LEASE_SECONDS } = {}): Promise<BroadcastSendOutcome> {
  const perMinute = await getSiteSetting("broadcastMessagesPerMinute");
  const message = await claimBroadcastMessage(leaseSeconds, perMinute);
  if (!message) return "none";
  let isMarked = false;
  let isLeaseLost = false;
  try {
    const prepared = await prepareBroadcastMessage(message);
    if (prepared.kind === "suppressed") {
      await markEmailSuppressed(message.id, prepared.reason);
      return "suppressed";
    }
    if (prepared.kind === "gone") {
      await skipBroadcastMessage(message, "the member was blocked or left before it went");
      return "skipped";
    }
    const rendered = prepared.email;
    const email: BroadcastMessage = { ...message, ...rendered, ...addUnsubscribeLink(rendered, unsubscribeUrl(message.to), i18nFor(emailLanguage(rendered.html))) };
    const markSent = async () => {
      isMarked = await markBroadcastMessageSent(message);
      isLeaseLost = !isMarked;
      if (isLeaseLost) throw new Error("another process holds this message now, or its broadcast was cancelled");
    };
    // In rehearsal mode the message stops here, in the back office's mailbox (ADR 0051).
    if (!message.rehearsal) await sendLeased(transport, email, leaseSeconds, { beforeEnd: markSent });
    if (!isMarked) await markSent();
    return "sent";
  } catch (error) {
    // Not ours any more: the message was dropped unfinished, and its holder decides.
    if (isLeaseLost) return "none";
    const reason = error instanceof Error ? error.message : String(error);
    const isBounce = error instanceof RecipientRejectedError;
    log.warn("broadcast message failed", { outboxId: message.id, broadcastId: message.broadcastId, attempts: message.attempts, reason, ...(isBounce && { bouncedWith: error.responseCode }) });
    if (isBounce) await suppressEmailHash(emailHashOf(message.to), "bounced");
    await failBroadcastMessage(message, reason, { isPermanent: isBounce, wasMarked: isMarked });
    return "failed";
  }
}

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
/** Messages in flight at once in one process: each lane sends one at a time over the transport's pool. */
export const BROADCAST_LANES = 4;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Sends broadcasts from this process at the site's pace, `lanes` messages at a time; every
 * process does the same, and the claim keeps them all together to the pace. A database or
 * mail server outage is logged and retried; `stop` lets the messages in hand finish.
 */
export function startBroadcastSender(transport: MailTransport, { lanes = BROADCAST_LANES, leaseSeconds = LEASE_SECONDS } = {}) {
  const stopping = new AbortController();
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
        const outcome = await sendNextBroadcastMessage(transport, { leaseSeconds });
        if (outcome !== "none") {
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
  const running = Array.from({ length: lanes }, (_, index) => lane(index));
  return {
    async stop() {
      stopping.abort();
      await Promise.all(running);
      transport.close();
    },
  };
}
