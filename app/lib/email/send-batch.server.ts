import { isTransientMailFailure } from "./transport.server";

export type BatchSendResult<T> = {
  accepted: T[];
  failed: { message: T; error: unknown }[];
  /** Not handed to the mail server: it asked to wait, or the process stops. */
  untried: T[];
  /** The mail server asked to wait (a 4xx) or could not be reached. */
  slowDown: boolean;
};

/**
 * Hands a batch to the mail server `lanes` messages at a time, in order (a pooled transport
 * gives each lane a connection). Once the server asks to wait, or `shouldStop` says so, no
 * lane starts another message: those in flight finish and the rest come back untried.
 */
export async function sendBatch<T>(
  messages: readonly T[],
  send: (message: T) => Promise<void>,
  { lanes, shouldStop = () => false }: { lanes: number; shouldStop?: () => boolean },
): Promise<BatchSendResult<T>> {
  const result: BatchSendResult<T> = { accepted: [], failed: [], untried: [], slowDown: false };
  let next = 0;
  const lane = async () => {
    while (next < messages.length && !result.slowDown && !shouldStop()) {
      const message = messages[next++]!;
      try {
        await send(message);
        result.accepted.push(message);
      } catch (error) {
        result.failed.push({ message, error });
        if (isTransientMailFailure(error)) result.slowDown = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, messages.length) }, lane));
  result.untried = messages.slice(next);
  return result;
}
