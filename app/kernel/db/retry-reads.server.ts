import type pg from "pg";
import { log } from "../log.server";

// A pooled connection the server dropped (restart, failover, idle kill) can fail the
// next statement before the pool notices. A plain read is safe to send again on a fresh
// connection; a write is not (it may have committed), nor is a read with side effects.
const CONNECTION_LOST_CODES = new Set(["57P01", "57P02", "08003", "08006", "ECONNRESET", "EPIPE"]);
const CONNECTION_LOST_MESSAGE = /Connection terminated|terminating connection due to administrator command/i;
const PLAIN_READ = /^\s*select\s/i;
const SIDE_EFFECTS = /\b(?:pg_notify|nextval|setval|set_config|pg_advisory\w*|pg_terminate_backend|for\s+update|for\s+share)\b/i;

function isConnectionLost(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (typeof code === "string" && CONNECTION_LOST_CODES.has(code)) || (typeof message === "string" && CONNECTION_LOST_MESSAGE.test(message));
}

function isIdempotentRead(query: unknown): boolean {
  const text = typeof query === "string" ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === "string" && PLAIN_READ.test(text) && !SIDE_EFFECTS.test(text);
}

/** Makes `pool.query` (statements outside a transaction) send a plain read once more after a lost connection. */
export function retryReadsOnce(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (typeof args.at(-1) === "function") return query(...args); // callback style: not used by Drizzle
    return query(...args).catch((error: unknown) => {
      if (!isConnectionLost(error) || !isIdempotentRead(args[0])) throw error;
      log.info("read retried after a lost database connection", { reason: error instanceof Error ? error.message : String(error) });
      return query(...args);
    });
  };
}
