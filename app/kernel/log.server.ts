import { AsyncLocalStorage } from "node:async_hooks";
import cluster from "node:cluster";
import pino from "pino";

type Level = "debug" | "info" | "warn" | "error";

/** The request a log line belongs to, set by the server for each request. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// Query-string secrets (magic-link tokens, reset codes) and bearer credentials.
const URL_SECRET = /\b(token|code|secret|password|signature|key)=([^&\s"'<>]+)/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;
const SECRET_KEYS = /^(token|password|secret|cookie|authorization|set-cookie|apiKey|api_key)$/i;

/** "ada@example.com" → "a***@example.com", for logs. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}

/** A log string with e-mail addresses masked and tokens removed. */
export function redactText(text: string): string {
  return text.replace(EMAIL, maskEmail).replace(URL_SECRET, "$1=[redacted]").replace(BEARER, "$1 [redacted]");
}

/** Log fields as written: errors serialised with their cause chain, strings redacted, secret keys blanked. */
export function redactFields(fields: Record<string, unknown>): Record<string, unknown> {
  return redactValue(fields) as Record<string, unknown>;
}

function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (value instanceof Error) return redactValue(pino.stdSerializers.errWithCause(value), depth);
  if (depth > 6 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, SECRET_KEYS.test(key) ? "[redacted]" : redactValue(item, depth + 1)]),
  );
}

// Info and below to stdout, warnings and errors to stderr (each line once).
const destination = pino.multistream(
  [
    { level: "debug", stream: process.stdout },
    { level: "warn", stream: process.stderr },
  ],
  { dedupe: true },
);

const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "error" : "info"),
    // Several workers write to the same output: say which one wrote each line.
    base: cluster.isWorker ? { pid: process.pid } : undefined,
    messageKey: "message",
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const store = requestContext.getStore();
      return store ? { requestId: store.requestId } : {};
    },
  },
  destination,
);

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  if (!logger.isLevelEnabled(level)) return;
  // Errors keep their `cause` chain (a Postgres error under Drizzle's), with what it says redacted.
  logger[level](redactFields(fields), redactText(message));
}

/**
 * Structured JSON log lines (pino) with the request id of the request being served.
 * E-mail addresses are masked and tokens removed from every message and field, errors
 * included, so callers need not scrub (but never pass secrets on purpose).
 */
export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
