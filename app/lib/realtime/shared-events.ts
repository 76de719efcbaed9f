// One event stream per browser, shared by all its tabs: HTTP/1.1 allows six connections
// per host, so a stream per tab would leave a family with six tabs open unable to submit
// a form. The tab holding a Web Lock opens the EventSource and relays each event over a
// BroadcastChannel; when it closes, the lock passes to another tab, which reconnects.

type Relayed = { kind: "event"; name: string; data: string } | { kind: "hello" };

const LOCK_NAME = "launchcrew:event-stream";
const CHANNEL_NAME = "launchcrew:events";

function canShare(): boolean {
  return typeof BroadcastChannel === "function" && typeof navigator !== "undefined" && "locks" in navigator;
}

/**
 * Calls `onEvent(data)` for each `eventName` event of the stream at `url`, whichever tab
 * holds the connection. Returns the function that stops listening.
 */
export function subscribeToSharedEvents(url: string, eventName: string, onEvent: (data: string) => void): () => void {
  if (!canShare()) {
    const source = new EventSource(url);
    source.addEventListener(eventName, (event) => onEvent((event as MessageEvent<string>).data));
    return () => source.close();
  }

  const channel = new BroadcastChannel(CHANNEL_NAME);
  const stopped = new AbortController();
  let isLeader = false;
  let lastData: string | undefined;

  channel.addEventListener("message", (message: MessageEvent<Relayed>) => {
    const relayed = message.data;
    if (relayed.kind === "event" && relayed.name === eventName) onEvent(relayed.data);
    // A tab that opened after the last change catches up from the leader.
    if (relayed.kind === "hello" && isLeader && lastData !== undefined) {
      channel.postMessage({ kind: "event", name: eventName, data: lastData } satisfies Relayed);
    }
  });
  channel.postMessage({ kind: "hello" } satisfies Relayed);

  navigator.locks
    .request(LOCK_NAME, { signal: stopped.signal }, () => {
      isLeader = true;
      const source = new EventSource(url);
      source.addEventListener(eventName, (event) => {
        const data = (event as MessageEvent<string>).data;
        lastData = data;
        onEvent(data);
        channel.postMessage({ kind: "event", name: eventName, data } satisfies Relayed);
      });
      // Held until this tab stops listening (or closes, which releases it too).
      return new Promise<void>((release) => {
        stopped.signal.addEventListener("abort", () => {
          source.close();
          isLeader = false;
          release();
        });
      });
    })
    .catch(() => undefined); // aborted while waiting for the lock

  return () => {
    stopped.abort();
    channel.close();
  };
}
