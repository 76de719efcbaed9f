import { log } from "../log.server";
import { claimDueEmails, markEmailFailed, markEmailSent, onEmailEnqueued } from "./outbox.server";
import type { MailTransport } from "./transport.server";

const POLL_INTERVAL_MS = 2000;

/** Delivers every message that is due now; returns how many were sent. */
export async function deliverDueEmails(transport: MailTransport): Promise<number> {
  let sent = 0;
  for (;;) {
    // One at a time: each message gets the whole lease (see SMTP_TIMEOUTS).
    const batch = await claimDueEmails(1);
    if (batch.length === 0) return sent;
    for (const message of batch) {
      try {
        await transport.send(message);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log.warn("e-mail delivery failed", { outboxId: message.id, attempts: message.attempts, reason });
        await markEmailFailed(message.id, message.attempts, reason);
        continue;
      }
      // Contact messages are not kept once they reached the studio's mail server.
      const forgetBody = transport.kind === "smtp" && message.kind === "contact";
      if (await markEmailSent(message.id, { forgetBody })) sent++;
    }
  }
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
    running = deliverDueEmails(transport)
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
