import { sql } from "drizzle-orm";
import { db } from "../../kernel/db.server";

export type RateLimitRule = { limit: number; windowSeconds: number };
/** `refusedIndex`: which of the checks refused (0-based), null when allowed. */
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number; remaining: number; refusedIndex: number | null };
export type RateLimitCheck = { key: string; rule: RateLimitRule };

/** Counts one hit against `key` in a fixed window shared by every app process. */
export async function consumeRateLimit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  return consumeRateLimits([{ key, rule }]);
}

/**
 * Counts one request against its limits, in order, in one statement (rate_limits_hit, the
 * rule the sign-up batch uses too): the first limit used up refuses it, and the limits
 * after that one are not counted.
 */
export async function consumeRateLimits(checks: RateLimitCheck[]): Promise<RateLimitResult> {
  const keys = checks.map((check) => check.key);
  const counts = checks.map((check) => check.rule.limit);
  const windows = checks.map((check) => check.rule.windowSeconds);
  const result = await db.execute<{ refused: number | null; retry_after: number; remaining: number | null }>(
    sql`select refused, retry_after, remaining from rate_limits_hit(${sql.param(keys)}::text[], ${sql.param(counts)}::integer[], ${sql.param(windows)}::integer[])`,
  );
  const row = result.rows[0];
  if (!row) throw new Error("rate_limits_hit returned no row");
  return { allowed: row.refused === null, retryAfterSeconds: row.retry_after, remaining: row.remaining ?? 0, refusedIndex: row.refused === null ? null : row.refused - 1 };
}
