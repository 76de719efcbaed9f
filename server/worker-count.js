import os from "node:os";

export const MAX_WORKERS = 64;

/**
 * How many HTTP worker processes to run (WEB_CONCURRENCY), and a notice when the
 * request cannot be honoured. Throws a readable message for a value that is not a whole
 * number from 1 to 64. Default: one per core on PostgreSQL; always one with the
 * embedded PGlite (a single-process database) and in development (Vite).
 */
export function resolveWorkerCount(env, cores = os.availableParallelism()) {
  const raw = (env.WEB_CONCURRENCY ?? "").trim();
  const asked = raw === "" ? undefined : Number(raw);
  if (asked !== undefined && (!/^\d+$/.test(raw) || asked < 1 || asked > MAX_WORKERS)) {
    throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to ${MAX_WORKERS} (got "${raw}").`);
  }
  if (env.NODE_ENV === "development") {
    return { count: 1, notice: asked > 1 ? `WEB_CONCURRENCY=${asked} ignored: NODE_ENV=development runs one process (Vite).` : undefined };
  }
  if (!env.DATABASE_URL) {
    const notice = asked > 1 ? `WEB_CONCURRENCY=${asked} forced to 1: the embedded PGlite database (DATABASE_URL unset) allows one process.` : undefined;
    return { count: 1, notice };
  }
  return { count: asked ?? Math.min(Math.max(1, cores), MAX_WORKERS), notice: undefined };
}
