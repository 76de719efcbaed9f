import { DATABASE_OUTAGE_MESSAGE, DATABASE_OUTAGE_TITLE } from "./database-outage";

// Errors that mean "the database cannot be reached right now" (down, restarting, out of
// connections), as opposed to a bug: the page answers 503 with Retry-After instead of 500.
const CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006", "53300"]);
const MESSAGES = /Connection terminated|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/i;

/** How long a client is asked to wait (Retry-After) when the database cannot be reached. */
export const DATABASE_DOWN_RETRY_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && CODES.has(code)) return true;
    if (typeof message === "string" && MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE = `${DATABASE_OUTAGE_TITLE}: ${DATABASE_OUTAGE_MESSAGE.charAt(0).toLowerCase()}${DATABASE_OUTAGE_MESSAGE.slice(1)}`;

/** Requests whose loaders failed because the database was unreachable (set by handleError). */
export const requestsWithDatabaseOutage = new WeakSet<Request>();
