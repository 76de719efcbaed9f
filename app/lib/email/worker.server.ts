import { isSignupBurstOn } from "../jobs/signup-burst.server";
import { log } from "../log.server";
import {
  type ClaimedEmail,
  claimDueEmails,
  extendLease,
  isBulkEmailKind,
  LEASE_SECONDS,
  markEmailFailed,
  markEmailSentAndClaimNext,
  markEmailSuppressed,
  onEmailEnqueued,
} from "./outbox.server";
import { isEssentialEmailKind } from "./email-kinds";
import { i18nFor } from "../i18n/catalogs.server";
import { addUnsubscribeLink, emailLanguage } from "./layout";
import { renderQueuedEmail, type RenderedEmail } from "./queued-render.server";
import { emailHashOf, getSuppression, suppressEmailHash, unsubscribeUrl } from "./suppression.server";
import { RecipientRejectedError, type MailTransport } from "./transport.server";

const POLL_INTERVAL_MS = 2000;
/** While a burst of sign-ups is on, at most one bulk message (a welcome e-mail) this often. */
export const BULK_PACE_DURING_BURST_MS = 100;

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
  /** Whether a bulk message may be taken now; others are always taken. */
  mayTakeBulk?: () => boolean;
  onBulkSent?: () => void;
};

/**
 * Delivers every message that is due now, those someone waits for first; returns how many
 * were sent. Once `shouldStop` says so (the process is shutting down) it finishes the
 * message in hand and leases no other, so a stop during a long queue neither waits for the
 * queue nor strands a lease. Bulk messages are taken only while `mayTakeBulk` says so.
 */
export async function deliverDueEmails(
  transport: MailTransport,
  { leaseSeconds = LEASE_SECONDS, shouldStop = () => false, mayTakeBulk = () => true, onBulkSent = () => undefined }: DeliveryOptions = {},
): Promise<number> {
  let sent = 0;
  // One at a time: a message waits in the outbox, not in a claimed batch behind a slow one.
  let [message] = await claimDueEmails(1, leaseSeconds, { includeBulk: mayTakeBulk() });
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
      const reason = error instanceof Error ? error.message : String(error);
      const isBounce = error instanceof RecipientRejectedError;
      log.warn("e-mail delivery failed", { outboxId: message.id, attempts: message.attempts, reason, ...(isBounce && { bouncedWith: error.responseCode }) });
      // A permanent refusal of the recipient: no retry, and no more optional mail to that address.
      if (isBounce) await suppressEmailHash(emailHashOf(message.to), "bounced");
      await markEmailFailed(message.id, message.attempts, reason, { isPermanent: isBounce });
    }
    if (!isSent) {
      [message] = shouldStop() ? [] : await claimDueEmails(1, leaseSeconds, { includeBulk: mayTakeBulk() });
      continue;
    }
    if (isBulkEmailKind(message.kind)) onBulkSent();
    // Contact messages are not kept once they reached the studio's mail server.
    // A held one (rehearsal) keeps it: it may yet be sent when the rehearsal ends (ADR 0051).
    const forgetBody = transport.kind === "smtp" && message.kind === "contact" && !message.rehearsal;
    const claimNext = !shouldStop();
    const { wasMarked, next } = await markEmailSentAndClaimNext(
      message.id,
      { forgetBody, claimNext, includeBulk: claimNext && mayTakeBulk(), rendered, rehearsal: message.rehearsal },
      leaseSeconds,
    );
    if (wasMarked) sent++;
    message = next ?? undefined;
  }
  return sent;
}

/**
 * Polls the outbox, and wakes at once for messages queued by this process. While a burst
 * of sign-ups is on (app/lib/jobs/signup-burst.server.ts) the burst's welcome e-mails go
 * one per BULK_PACE_DURING_BURST_MS, so they take little from the sign-ups that queue them;
 * a sign-in link still goes at once, ahead of them (ADR 0038).
 */
export function startOutboxWorker(transport: MailTransport, { isBurstOn = () => isSignupBurstOn() }: { isBurstOn?: () => boolean } = {}) {
  let timer: NodeJS.Timeout | undefined;
  let timerDueAt = Infinity;
  let running: Promise<void> | undefined;
  let hasMoreWork = false;
  let stopped = false;
  let lastBulkSentAt = -Infinity;

  const bulkWaitMs = () => (isBurstOn() ? Math.max(0, lastBulkSentAt + BULK_PACE_DURING_BURST_MS - Date.now()) : 0);
  const mayTakeBulk = () => bulkWaitMs() === 0;

  // A wake never pushes a run already due sooner further away.
  const schedule = (delayMs: number) => {
    if (stopped || Date.now() + delayMs >= timerDueAt) return;
    clearTimeout(timer);
    timerDueAt = Date.now() + delayMs;
    timer = setTimeout(tick, delayMs);
  };

  function tick() {
    timerDueAt = Infinity;
    if (running) {
      hasMoreWork = true;
      return;
    }
    running = deliverDueEmails(transport, { shouldStop: () => stopped, mayTakeBulk, onBulkSent: () => (lastBulkSentAt = Date.now()) })
      .then(() => undefined)
      .catch((error: unknown) => log.error("outbox worker run failed", { error }))
      .finally(() => {
        running = undefined;
        // During a burst the queue is never empty for long: come back when the next bulk message may go.
        const delay = hasMoreWork ? 0 : isBurstOn() ? Math.max(bulkWaitMs(), BULK_PACE_DURING_BURST_MS) : POLL_INTERVAL_MS;
        hasMoreWork = false;
        schedule(delay);
      });
  }

  const unsubscribe = onEmailEnqueued((kind) => schedule(kind !== null && isBulkEmailKind(kind) ? bulkWaitMs() : 0));
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
