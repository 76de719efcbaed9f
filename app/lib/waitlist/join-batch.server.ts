import { sql } from "drizzle-orm";
import { db, retryWhenAborted } from "../db.server";
import { isDatabaseUnavailable } from "../database-unavailable.server";
import { noteSignupBurst } from "../jobs/signup-burst.server";
import { log } from "../log.server";
import { joinBatchSize } from "../metrics.server";
import type { JoinResult } from "./join.server";

/** One join as waitlist_join_batch (db/migrations/0017) takes it; `joinWaitlist` fills it in. */
export type JoinBatchRequest = {
  challenge_signature: string | null;
  challenge_expires_at: string | null;
  limit_keys: string[];
  limit_counts: number[];
  limit_windows: number[];
  id: string;
  email: string;
  identity: string;
  code: string;
  signup_points: number;
  refuse: boolean;
  referral_code: string | null;
  device: string | null;
  country: string | null;
  network: string | null;
  via: string | null;
  device_member_id: string | null;
  mode: string;
  alias: boolean;
  disposable: boolean;
  burst_limit: number;
  daily_cap: number;
  referrer_points: number;
  friend_points: number;
};

/** A request's answer: its outcome, and the member's columns for "joined" and "existing". */
export type JoinBatchRow = {
  outcome: "joined" | "existing" | "throwaway" | "code_taken" | "reused" | "limited";
  refused_limit: number | null;
  retry_after: number | null;
  referral: JoinResult["referral"];
  webhooks_enabled: boolean | null;
  id: string;
  email: string;
  referral_code: string;
  points: number;
  referrals_made: number;
  confirmed_email: boolean;
  has_viewed_trailer: boolean;
  is_blocked: boolean;
  join_date: Date | string;
};

type Waiting = { request: JoinBatchRequest; resolve: (row: JoinBatchRow) => void; reject: (error: unknown) => void };

/** Beyond this a burst waits for the next batch: a batch holds its referrers' locks until it commits. */
export const MAX_BATCH_SIZE = 32;

/**
 * Batches in the database at once from this process. One keeps the database's work on a
 * burst's joins at one statement at a time per worker — what a two-core database served
 * best in bench/signup-http.ts — while the next batch gathers (ADR 0031).
 */
export const BATCHES_IN_FLIGHT = 1;

const waiting: Waiting[] = [];
let inFlight = 0;
let isFlushScheduled = false;

/**
 * What two requests of one batch must not share: the person, the challenge, a rate-limit
 * key or the referral link. The batch's steps then never depend on each other.
 */
function claimsOf(request: JoinBatchRequest): string[] {
  const claims = [`identity:${request.identity}`, ...request.limit_keys.map((key) => `limit:${key}`)];
  if (request.challenge_signature) claims.push(`challenge:${request.challenge_signature}`);
  if (request.referral_code) claims.push(`referrer:${request.referral_code}`);
  return claims;
}

/** The oldest waiting requests that can go together; the others keep their place. */
function takeBatch(): Waiting[] {
  const batch: Waiting[] = [];
  const claimed = new Set<string>();
  for (let index = 0; index < waiting.length && batch.length < MAX_BATCH_SIZE; ) {
    const claims = claimsOf(waiting[index]!.request);
    if (claims.some((claim) => claimed.has(claim))) {
      index += 1;
      continue;
    }
    for (const claim of claims) claimed.add(claim);
    batch.push(...waiting.splice(index, 1));
  }
  return batch;
}

async function runBatch(requests: JoinBatchRequest[]): Promise<JoinBatchRow[]> {
  const json = JSON.stringify(requests.map((request, index) => ({ ...request, idx: index + 1 })));
  const result = await retryWhenAborted(() => db.execute<JoinBatchRow & { idx: number }>(sql`select * from waitlist_join_batch(${json}::jsonb)`));
  const rows = [...result.rows].sort((a, b) => a.idx - b.idx);
  if (rows.length !== requests.length) throw new Error(`waitlist_join_batch answered ${rows.length} rows for ${requests.length} requests`);
  return rows;
}

/**
 * Runs one batch. A batch the database refused for a reason of its own (not an outage)
 * is tried again one request at a time, so one request that cannot be stored fails alone.
 */
async function settle(batch: Waiting[]) {
  try {
    const rows = await runBatch(batch.map((entry) => entry.request));
    batch.forEach((entry, index) => entry.resolve(rows[index]!));
  } catch (error) {
    if (batch.length === 1 || isDatabaseUnavailable(error)) {
      for (const entry of batch) entry.reject(error);
      return;
    }
    log.warn("a join batch failed; trying its requests one by one", { requests: batch.length, error });
    for (const entry of batch) {
      await runBatch([entry.request]).then(([row]) => entry.resolve(row!), entry.reject);
    }
  }
}

function flush() {
  isFlushScheduled = false;
  while (inFlight < BATCHES_IN_FLIGHT && waiting.length > 0) {
    const batch = takeBatch();
    joinBatchSize.observe(batch.length);
    if (batch.length > 1 || waiting.length > 0) noteSignupBurst();
    inFlight += 1;
    void settle(batch).finally(() => {
      inFlight -= 1;
      scheduleFlush();
    });
  }
}

// After the requests this turn of the event loop brought have joined the queue.
function scheduleFlush() {
  if (isFlushScheduled || waiting.length === 0) return;
  isFlushScheduled = true;
  setImmediate(flush);
}

/**
 * Joins with the others waiting in this process: one statement for the batch, each
 * request answered with its own row. Exactly as safe as a join alone — the batch is one
 * transaction, committed before any of its requests is answered.
 */
export function joinInBatch(request: JoinBatchRequest): Promise<JoinBatchRow> {
  return new Promise((resolve, reject) => {
    waiting.push({ request, resolve, reject });
    scheduleFlush();
  });
}
