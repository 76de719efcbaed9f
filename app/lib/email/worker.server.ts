import { log } from "../log.server";
import { type ClaimedEmail, claimDueEmails, extendLease, LEASE_SECONDS, markEmailFailed, markEmailSentAndClaimNext, onEmailEnqueued } from "./outbox.server";
import type { MailTransport } from "./transport.server";

const POLL_INTERVAL_MS = 2000;

/**
 * Sends one claimed message, extending its lease while the mail server is slow, so no
 * other process claims it meanwhile and sends it a second time.
 */
async function sendLeased(transport: MailTransport, message: ClaimedEmail, leaseSeconds: number): Promise<void> {
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

/**
 * Delivers every message that is due now; returns how many were sent. Once `shouldStop`
 * says so (the process is shutting down) it finishes the message in hand and leases no
 * other, so a stop during a long queue neither waits for the queue nor strands a lease.
 */
export async function deliverDueEmails(
  transport: MailTransport,
  { leaseSeconds = LEASE_SECONDS, shouldStop = () => false }: { leaseSeconds?: number; shouldStop?: () => boolean } = {},
): Promise<number> {
  let sent = 0;
  // One at a time: a message waits in the outbox, not in a claimed batch behind a slow one.
  let [message] = await claimDueEmails(1, leaseSeconds);
  while (message) {
    try {
      await sendLeased(transport, message, leaseSeconds);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn("e-mail delivery failed", { outboxId: message.id, attempts: message.attempts, reason });
      await markEmailFailed(message.id, message.attempts, reason);
      [message] = shouldStop() ? [] : await claimDueEmails(1, leaseSeconds);
      continue;
    }
    // Contact messages are not kept once they reached the studio's mail server.
    const forgetBody = transport.kind === "smtp" && message.kind === "contact";
    const { wasMarked, next } = await markEmailSentAndClaimNext(message.id, { forgetBody, claimNext: !shouldStop() }, leaseSeconds);
    if (wasMarked) sent++;
    message = next ?? undefined;
  }
  return sent;
}

/** Polls the outbox, and wakes at once for messages queued by this process. */
export function startOutboxWorker(transport: MailTransport) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let hasMoreWork = false;
  let stopped = false;

  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(tick, delayMs);
  };

  function tick() {
    if (running) {
      hasMoreWork = true;
      return;
    }
    running = deliverDueEmails(transport, { shouldStop: () => stopped })
      .then(() => undefined)
      .catch((error: unknown) => log.error("outbox worker run failed", { error }))
      .finally(() => {
        running = undefined;
        const delay = hasMoreWork ? 0 : POLL_INTERVAL_MS;
        hasMoreWork = false;
        schedule(delay);
      });
  }

  const unsubscribe = onEmailEnqueued(() => schedule(0));
  schedule(0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      await running;
      transport.close();
    },
  };
}
