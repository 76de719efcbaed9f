import pg from "pg";
import { getConnection } from "../../kernel/db.server";
import { log } from "../../kernel/log.server";

type Listener = (payload: string) => void;

// Reconnect delays for the server's LISTEN connection (spec §9: 1 s, 2 s, 5 s, then 10 s).
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

const listeners = new Map<string, Set<Listener>>();
let pgClient: pg.Client | undefined;
let connecting: Promise<void> | undefined;
let reconnectAttempt = 0;
let stopped = false;
const pgliteUnsubscribers = new Map<string, () => Promise<void>>();

function dispatch(channel: string, payload: string) {
  for (const listener of listeners.get(channel) ?? []) {
    try {
      listener(payload);
    } catch (error) {
      log.error("notification listener failed", { channel, error });
    }
  }
}

function quoteChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  return `"${channel}"`;
}

async function connectPg(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on("notification", (message) => dispatch(message.channel, message.payload ?? ""));
  client.on("error", (error) => {
    log.warn("LISTEN connection lost", { reason: error.message });
    if (pgClient === client) pgClient = undefined;
    void client.end().catch(() => undefined);
    scheduleReconnect(url);
  });
  await client.connect();
  for (const channel of listeners.keys()) await client.query(`listen ${quoteChannel(channel)}`);
  pgClient = client;
  reconnectAttempt = 0;
}

function scheduleReconnect(url: string) {
  if (stopped) return;
  const delay = RECONNECT_DELAYS_MS[Math.min(reconnectAttempt, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
  reconnectAttempt++;
  setTimeout(() => {
    connecting = connectPg(url).catch((error: unknown) => {
      log.warn("LISTEN reconnect failed", { reason: error instanceof Error ? error.message : String(error) });
      scheduleReconnect(url);
    });
  }, delay).unref();
}

async function listenOn(channel: string): Promise<void> {
  const connection = getConnection();
  if (connection.kind === "pglite") {
    const unsubscribe = await connection.pglite.listen(channel, (payload) => dispatch(channel, payload));
    pgliteUnsubscribers.set(channel, unsubscribe);
    return;
  }
  const url = connection.url;
  if (!pgClient) {
    // connectPg listens on every registered channel; a failed first connection is
    // retried like a lost one, so subscribers start hearing once the database is back.
    connecting ??= connectPg(url)
      .catch((error: unknown) => {
        log.warn("LISTEN connection failed", { reason: error instanceof Error ? error.message : String(error) });
        scheduleReconnect(url);
      })
      .finally(() => {
        connecting = undefined;
      });
    await connecting;
    return;
  }
  // A failure here also ends the connection, whose error handler reconnects and listens again.
  await pgClient.query(`listen ${quoteChannel(channel)}`).catch(() => undefined);
}

/**
 * Calls `listener` for every NOTIFY on `channel`, from any app process sharing the
 * database. One LISTEN connection per process serves every subscriber.
 */
export async function subscribe(channel: string, listener: Listener): Promise<() => void> {
  stopped = false;
  let channelListeners = listeners.get(channel);
  if (!channelListeners) {
    channelListeners = new Set();
    listeners.set(channel, channelListeners);
    channelListeners.add(listener);
    await listenOn(channel);
  } else {
    channelListeners.add(listener);
  }
  return () => {
    channelListeners.delete(listener);
  };
}

export async function stopNotifications(): Promise<void> {
  stopped = true;
  listeners.clear();
  for (const unsubscribe of pgliteUnsubscribers.values()) await unsubscribe().catch(() => undefined);
  pgliteUnsubscribers.clear();
  const client = pgClient;
  pgClient = undefined;
  await client?.end().catch(() => undefined);
}
