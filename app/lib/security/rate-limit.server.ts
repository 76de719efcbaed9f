import { sql } from "drizzle-orm";
import { db } from "../db.server";

export type RateLimitRule = { limit: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number; remaining: number };

/**
 * Counts one hit against `key` in a fixed window shared by every app process
 * (one SQL statement, so concurrent hits are all counted; rate_limit_hit, migration 0015).
 */
export async function consumeRateLimit(key: string, { limit, windowSeconds }: RateLimitRule): Promise<RateLimitResult> {
  const result = await db.execute<{ hits: number; retry_after: number }>(sql`select hits, retry_after from rate_limit_hit(${key}, ${windowSeconds})`);
  const row = result.rows[0];
  if (!row) throw new Error("rate limit upsert returned no row");
  return { allowed: row.hits <= limit, retryAfterSeconds: row.retry_after, remaining: Math.max(0, limit - row.hits) };
}

/** Checks every rule; all are counted, and the request passes only if all allow it. */
export async function consumeRateLimits(checks: { key: string; rule: RateLimitRule }[]): Promise<RateLimitResult> {
  const results = await Promise.all(checks.map((check) => consumeRateLimit(check.key, check.rule)));
  const blocked = results.filter((result) => !result.allowed);
  const remaining = Math.min(...results.map((result) => result.remaining));
  if (blocked.length === 0) return { allowed: true, retryAfterSeconds: 0, remaining };
  return { allowed: false, retryAfterSeconds: Math.max(...blocked.map((result) => result.retryAfterSeconds)), remaining };
}
