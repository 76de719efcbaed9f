import { log } from "../../kernel/log.server";
import {
  type ClaimedEmail,
  claimDueEmails,
  type EmailLane,
  extendLease,
  isBulkEmailKind,
  LEASE_SECONDS,
  markEmailSentAndClaimNext,
  markEmailSuppressed,
  onEmailEnqueued,
} from "./outbox.server";
import { isEssentialEmailKind } from "./email-kinds";
import { i18nFor } from "../i18n/catalogs.server";
import { addUnsubscribeLink, emailLanguage } from "./layout";
import { renderQueuedEmail, type RenderedEmail } from "./queued-render.server";
import { getSuppression, unsubscribeUrl } from "./suppression.server";
import type { MailTransport } from "./transport.server";
import { BULK_BATCHES_IN_FLIGHT, sendNextBulkBatch } from "./bulk-sender.server";
import { recordDeliveryFailure } from "./delivery-failure.server";
import { startLaneLoop } from "./lane-loop";
import { startLeaseHeartbeat, type HeldEmails } from "./outbox-batch.server";

const POLL_INTERVAL_MS = 2000;
/** After the mail server asks the bulk lane to wait: the first pause, doubled each time it asks again, up to the longest. */
const SLOW_DOWN_MS = { first: 1000, longest: 60_000 } as const;

/**
 * Sends one claimed message, extending its lease while the mail server is slow, so no
 * other process claims it meanwhile and sends it a second time.
 */
export async function sendLeased(transport: MailTransport, message: ClaimedEmail, leaseSeconds: number): Promise<void> {
  const renew = setInterval(() => {
    extendLease(message, leaseSeconds).catch((error: unknown) =>
      log.warn("could not extend an e-mail lease", { outboxId: message.id, reason: error instanceof Error ? error.message : String(error) }),
    );
  }, (leaseSeconds * 1000) / 3);
  try {
    await transport.send(message);
  } finally {
    clearInterval(renew);
  }
}

type DeliveryOptions = {
  leaseSeconds?: number;
  /** True once the process is shutting down. */
  shouldStop?: () => boolean;
  /** Which messages to take (the worker's urgent lane takes 'urgent'; the bulk lane sends in batches, bulk-sender.server.ts). */
  lane?: EmailLane;
};

/**
 * Delivers every message that is due now, those someone waits for first; returns how many
 * were sent. Once `shouldStop` says so (the process is shutting down) it finishes the
 * message in hand and leases no other, so a stop during a long queue neither waits for the
 * queue nor strands a lease.
 */
export async function deliverDueEmails(
  transport: MailTransport,
  { leaseSeconds = LEASE_SECONDS, shouldStop = () => false, lane = "any" }: DeliveryOptions = {},
): Promise<number> {
  let sent = 0;
  // One at a time: a message waits in the outbox, not in a claimed batch behind a slow one.
  let [message] = await claimDueEmails(1, leaseSeconds, { lane });
  while (message) {
    let rendered: RenderedEmail | undefined;
    let isSent = false;
    try {
      const isOptional = !isEssentialEmailKind(message.kind);
      // An optional message to an unsubscribed or bounced address is not sent (ADR 0044).
      const suppression = isOptional ? await getSuppression(message.to) : null;
      if (suppression) {
        await markEmailSuppressed(message.id, suppression);
      } else {
        // A welcome e-mail queued by a sign-up is rendered now, from the current template (ADR 0038).
        if (message.templateData) rendered = await renderQueuedEmail(message);
        // An optional one shows its unsubscribe link (the headers are the transport's); kept with the row as sent.
        if (isOptional) rendered = { subject: message.subject, ...rendered, ...addUnsubscribeLink(rendered ?? message, unsubscribeUrl(message.to), i18nFor(emailLanguage((rendered ?? message).html))) };
        // In rehearsal mode the message stops here, in the back office's mailbox (ADR 0051).
        if (!message.rehearsal) await sendLeased(transport, { ...message, ...rendered }, leaseSeconds);
        isSent = true;
      }
    } catch (error) {
      await recordDeliveryFailure(message, error);
    }
    if (!isSent) {
      [message] = shouldStop() ? [] : await claimDueEmails(1, leaseSeconds, { lane });
      continue;
    }
    // Contact messages are not kept once they reached the studio's mail server.
    // A held one (rehearsal) keeps it: it may yet be sent when the rehearsal ends (ADR 0051).
    const forgetBody = transport.kind === "smtp" && message.kind === "contact" && !message.rehearsal;
    const claimNext = !shouldStop();
    const { wasMarked, next } = await markEmailSentAndClaimNext(
      message.id,
      { forgetBody, claimNext, lane, rendered, rehearsal: message.rehearsal },
      leaseSeconds,
    );
    if (wasMarked) sent++;
    message = next ?? undefined;
  }
  return sent;
}

export type OutboxTransports = {
  /** One connection: a sign-in link goes at once, never behind a batch. */
  urgent: MailTransport;
  /** Pooled, BULK_LANES connections at most, opened while messages wait. */
  bulk: MailTransport;
};

/**
 * Two lanes (ADR 0069), each polling the outbox and woken at once by messages queued in
 * this process: the urgent lane sends everything but bulk kinds one at a time over its own
 * connection, so a sign-in link never waits behind a launch burst's welcome e-mails; the
 * bulk lane sends those in batches (sendNextBulkBatch, BULK_BATCHES_IN_FLIGHT of them in hand
 * over one pool), a heartbeat renewing the leases of the batches in hand. `stop` leases
 * nothing more, finishes what is in flight and gives back the rest.
 */
export function startOutboxWorker(transports: OutboxTransports, { leaseSeconds = LEASE_SECONDS } = {}) {
  let stopped = false;
  const shouldStop = () => stopped;
  const onError = (error: unknown) => log.error("outbox worker run failed", { error });

  const urgent = startLaneLoop(
    async () => {
      await deliverDueEmails(transports.urgent, { lane: "urgent", shouldStop, leaseSeconds });
      return POLL_INTERVAL_MS;
    },
    { onError, retryMs: POLL_INTERVAL_MS },
  );

  const held: HeldEmails = new Set();
  const stopHeartbeat = startLeaseHeartbeat(held, leaseSeconds, "bulk e-mails'");
  let slowDownMs = 0;
  // Batches overlap: while one is claimed, rendered or marked, another's messages keep the pool's connections busy.
  const bulkLoops = Array.from({ length: BULK_BATCHES_IN_FLIGHT }, () =>
    startLaneLoop(
      async () => {
        const outcome = await sendNextBulkBatch(transports.bulk, { leaseSeconds, held, shouldStop });
        if (outcome.slowDown) {
          slowDownMs = Math.min(SLOW_DOWN_MS.longest, Math.max(SLOW_DOWN_MS.first, slowDownMs * 2));
          log.warn("the mail server asked the outbox's bulk lane to slow down", { pauseMs: slowDownMs });
          return slowDownMs;
        }
        if (outcome.sent > 0 || outcome.claimed === 0) slowDownMs = 0;
        return outcome.claimed > 0 ? 0 : POLL_INTERVAL_MS;
      },
      { onError, retryMs: POLL_INTERVAL_MS },
    ),
  );
  const bulk = { wake: () => bulkLoops.forEach((loop) => loop.wake()), stop: () => Promise.all(bulkLoops.map((loop) => loop.stop())) };

  const unsubscribe = onEmailEnqueued((kind) => {
    if (kind === null || !isBulkEmailKind(kind)) urgent.wake();
    // After a 4xx the bulk lane keeps its pause: a new welcome e-mail does not cut it short.
    if ((kind === null || isBulkEmailKind(kind)) && slowDownMs === 0) bulk.wake();
  });

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      await Promise.all([urgent.stop(), bulk.stop()]);
      stopHeartbeat();
      transports.urgent.close();
      transports.bulk.close();
    },
  };
}
