import { sql } from "drizzle-orm";
import type { Executor } from "../../../kernel/db.server";

// The TypeScript side of waitlist_join_batch (db/functions/waitlist_join_batch.sql): its
// request type's attributes and its result columns, with the names and SQL types the
// database has; join-record.server.test.ts compares them with the catalog.
export const JOIN_REQUEST_ATTRIBUTES = {
  idx: "integer",
  challenge_signature: "text",
  challenge_expires_at: "timestamp with time zone",
  limit_keys: "text[]",
  limit_counts: "integer[]",
  limit_windows: "integer[]",
  id: "uuid",
  email: "text",
  identity: "text",
  code: "text",
  signup_points: "integer",
  refuse: "boolean",
  referral_code: "text",
  device: "text",
  country: "text",
  network: "text",
  via: "text",
  device_member_id: "text",
  mode: "text",
  alias: "boolean",
  disposable: "boolean",
  burst_limit: "integer",
  daily_cap: "integer",
  referrer_points: "integer",
  friend_points: "integer",
  joined_at: "timestamp with time zone",
  tags: "text[]",
  notes: "text",
  confirmed: "boolean",
  blocked: "boolean",
  welcome: "boolean",
  age_band: "text",
  consent_method: "text",
  notice_version: "integer",
  confirm_consent_after_seconds: "integer",
  language: "text",
  under_age_key: "text",
  consent_country: "text",
  consent_age: "integer",
} as const;

export const JOIN_RESULT_COLUMNS = {
  idx: "integer",
  outcome: "text",
  refused_limit: "integer",
  retry_after: "integer",
  referral: "text",
  webhooks_enabled: "boolean",
  id: "uuid",
  email: "text",
  referral_code: "text",
  points: "integer",
  referrals_made: "integer",
  confirmed_email: "boolean",
  has_viewed_trailer: "boolean",
  is_blocked: "boolean",
  join_date: "timestamp with time zone",
} as const;

type SqlType = (typeof JOIN_REQUEST_ATTRIBUTES)[keyof typeof JOIN_REQUEST_ATTRIBUTES];
type ValueOf<T extends SqlType, Timestamp> = T extends "integer"
  ? number
  : T extends "boolean"
    ? boolean
    : T extends "integer[]"
      ? number[]
      : T extends "text[]"
        ? string[]
        : T extends "timestamp with time zone"
          ? Timestamp
          : string;

/** One request as the function takes it (a composite's attributes are all nullable). */
export type JoinRequestRecord = { [K in Exclude<keyof typeof JOIN_REQUEST_ATTRIBUTES, "idx">]: ValueOf<(typeof JOIN_REQUEST_ATTRIBUTES)[K], string> | null };

export type JoinOutcome = "joined" | "existing" | "throwaway" | "code_taken" | "reused" | "limited" | "under_age";
export type ReferralOutcome = "credited" | "pending" | "held";

/** One request's answer: its outcome, and the member's columns for "joined" and "existing". */
export type JoinResultRecord = { [K in keyof typeof JOIN_RESULT_COLUMNS]: ValueOf<(typeof JOIN_RESULT_COLUMNS)[K], Date | string> | null } & {
  outcome: JoinOutcome;
  referral: ReferralOutcome | null;
};

/** The one call of waitlist_join_batch: each request answered by its own row, in order. */
export async function callJoinBatch(executor: Executor, requests: JoinRequestRecord[]): Promise<JoinResultRecord[]> {
  const json = JSON.stringify(requests.map((request, index) => ({ ...request, idx: index + 1 })));
  const result = await executor.execute<JoinResultRecord>(sql`select * from waitlist_join_batch(${json}::jsonb)`);
  const rows = [...result.rows].sort((a, b) => (a.idx ?? 0) - (b.idx ?? 0));
  if (rows.length !== requests.length) throw new Error(`waitlist_join_batch answered ${rows.length} rows for ${requests.length} requests`);
  return rows;
}
