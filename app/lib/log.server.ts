type Level = "debug" | "info" | "warn" | "error";

const LEVEL_ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const wanted = (process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "error" : "info")) as Level;
  return LEVEL_ORDER[wanted] ?? LEVEL_ORDER.info;
}

function describe(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  if (LEVEL_ORDER[level] < threshold()) return;
  const entry = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, describe(value)]));
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...entry });
  if (level === "error" || level === "warn") process.stderr.write(line + "\n");
  else process.stdout.write(line + "\n");
}

/** Structured log lines. Never pass tokens, links or full e-mail addresses. */
export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};

/** "ada@example.com" → "a***@example.com", for logs. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}
