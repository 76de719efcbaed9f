import { emailHashOf, listSuppressions } from "./suppression.server";
import { prepareBulkRender } from "./bulk-render.server";
import { recordDeliveryFailure } from "./delivery-failure.server";
import { claimDueEmails, LEASE_SECONDS, type ClaimedEmail } from "./outbox.server";
import { giveBackEmails, markEmailsSuppressed, sendHeldBatch, type HeldEmails } from "./outbox-batch.server";
import type { RenderedEmail } from "./queued-render.server";
import { sendBatch } from "./send-batch.server";
import type { MailTransport } from "./transport.server";

/** Bulk messages (welcome e-mails, season_winner notes) claimed per statement, at most (ADR 0069). */
export const BULK_BATCH = 200;
/** Messages handed to the mail server at once, each over its own pooled connection (ADR 0069). */
export const BULK_LANES = 16;
/**
 * Batches a process has in hand at once, sharing the pool's BULK_LANES connections: while one
 * is claimed, rendered or marked, the other's messages keep the connections busy (ADR 0069:
 * 0.56 of the sign-up rate with one, 0.82 with two on the bench machine).
 */
export const BULK_BATCHES_IN_FLIGHT = 2;

/** What one batch came to; `slowDown`: the mail server asked to wait (a 4xx) or could not be reached. */
export type BulkBatchOutcome = { claimed: number; sent: number; suppressed: number; failed: number; givenBack: number; slowDown: boolean };

type BulkOptions = {
  leaseSeconds?: number;
  limit?: number;
  lanes?: number;
  /** Messages this process holds: the worker's heartbeat renews their leases until they are marked. */
  held?: HeldEmails;
  /** True once the process is shutting down: nothing more goes, what is in flight finishes, the rest goes back. */
  shouldStop?: () => boolean;
};

/**
 * Sends the next batch of bulk messages (ADR 0069): claimed in one statement, the suppression
 * list and the members' languages read once for the batch, handed to the mail server `lanes`
 * at a time, marked sent in one statement after the server's 250 for each (a process killed
 * before the mark leaves them pending: they go again, with the same Message-ID, once their
 * lease runs out). A message claimed in rehearsal mode is kept, not sent (ADR 0051).
 */
export async function sendNextBulkBatch(
  transport: MailTransport,
  { leaseSeconds = LEASE_SECONDS, limit = BULK_BATCH, lanes = BULK_LANES, held = new Set(), shouldStop = () => false }: BulkOptions = {},
): Promise<BulkBatchOutcome> {
  const batch = await claimDueEmails(limit, leaseSeconds, { lane: "bulk" });
  const outcome: BulkBatchOutcome = { claimed: batch.length, sent: 0, suppressed: 0, failed: 0, givenBack: 0, slowDown: false };
  if (batch.length === 0) return outcome;
  outcome.sent = await sendHeldBatch(batch, held, async (accepted) => {
    const suppressions = await listSuppressions(batch.map((message) => message.to));
    const suppressed = batch.flatMap((message) => {
      const reason = suppressions.get(emailHashOf(message.to));
      return reason ? [{ ...message, reason }] : [];
    });
    await markEmailsSuppressed(suppressed);
    outcome.suppressed = suppressed.length;

    const render = await prepareBulkRender(batch);
    const ready: { message: ClaimedEmail; rendered: RenderedEmail }[] = [];
    for (const message of batch) {
      if (suppressions.has(emailHashOf(message.to))) continue;
      try {
        ready.push({ message, rendered: render(message) });
      } catch (error) {
        outcome.failed++;
        await recordFailure(message, error);
      }
    }

    const result = await sendBatch(ready, async ({ message, rendered }) => (message.rehearsal ? undefined : transport.send({ ...message, ...rendered })), { lanes, shouldStop });
    accepted.push(...result.accepted.map(({ message, rendered }) => ({ ...message, rendered })));
    outcome.slowDown = result.slowDown;
    outcome.failed += result.failed.length;
    for (const { message, error } of result.failed) await recordFailure(message.message, error);
    // Not tried (the server asked to wait, or the process stops): back to the queue at once, no attempt counted.
    await giveBackEmails(result.untried.map(({ message }) => message));
    outcome.givenBack = result.untried.length;
  });
  return outcome;
}

const recordFailure = (message: ClaimedEmail, error: unknown) =>
  recordDeliveryFailure(message, error, { kind: message.kind });
