import { log } from "../../kernel/log.server";
import { markEmailFailed } from "./outbox.server";
import { emailHashOf, suppressEmailHash } from "./suppression.server";
import { RecipientRejectedError } from "./transport.server";

type FailedMessage = { id: number; to: string; attempts: number };

/**
 * A failed attempt to send one message: logged without the address, and recorded on the
 * message's own claim (retried after a back-off). A permanent refusal of the recipient (a 5xx to RCPT TO) is not
 * retried, and no more optional mail goes to that address (ADR 0044).
 */
export async function recordDeliveryFailure(
  message: FailedMessage,
  error: unknown,
  context: Record<string, unknown> = {},
): Promise<void> {
  const reason = error instanceof Error ? error.message : String(error);
  const isBounce = error instanceof RecipientRejectedError;
  log.warn("e-mail delivery failed", { outboxId: message.id, attempts: message.attempts, ...context, reason, ...(isBounce && { bouncedWith: error.responseCode }) });
  if (isBounce) await suppressEmailHash(emailHashOf(message.to), "bounced");
  await markEmailFailed(message, reason, { isPermanent: isBounce });
}
