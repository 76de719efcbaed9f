import { db, retryWhenAborted } from "../../../kernel/db.server";
import { isDatabaseUnavailable } from "../../database-unavailable.server";
import { wakeEmailSender } from "../../email/outbox.server";
import { AppError } from "../../../kernel/errors";
import { joinBatchSize } from "../../metrics.server";
import { REFERRAL_CODE_ATTEMPTS } from "../../referrals/referral-code";
import { wakeWebhookSender } from "../../webhooks/enqueue.server";
import type { Member } from "../members.server";
import { THROWAWAY_ADDRESS_MESSAGE } from "../throwaway-domains.server";
import { createBatcher } from "./batcher";
import { callJoinBatch, type JoinRequestRecord, type JoinResultRecord, type ReferralOutcome } from "./join-record.server";
import { joinRequestOf, loadJoinSettings, senderOf, type JoinSettings, type NewMember } from "./join-rules.server";

export type { JoinGate, NewMember } from "./join-rules.server";

/** How a new member's join ended. */
export type CreatedMember =
  | { outcome: "joined" | "existing"; member: Member; referral: ReferralOutcome | null }
  | { outcome: "throwaway" | "reused" | "under_age" }
  | { outcome: "limited"; limitIndex: number; retryAfterSeconds: number };

/** Sends requests to waitlist_join_batch and gives each its row back, in order. */
export type SendJoins = (requests: JoinRequestRecord[]) => Promise<JoinResultRecord[]>;

/** This process's sign-ups share batches (ADR 0038): at most one batch in the database at once. */
const joinBatcher = createBatcher<JoinRequestRecord, JoinResultRecord>({
  run: (requests) => retryWhenAborted(() => callJoinBatch(db, requests)),
  // What two requests of one batch must not share, so no step depends on another of its batch.
  claimsOf: (request) => [
    `identity:${request.identity}`,
    ...(request.limit_keys ?? []).map((key) => `limit:${key}`),
    ...(request.challenge_signature ? [`challenge:${request.challenge_signature}`] : []),
    ...(request.referral_code ? [`referrer:${request.referral_code}`] : []),
  ],
  groupOf: senderOf,
  // A batch holds its referrers' locks until it commits.
  maxBatch: 32,
  maxWaiting: 4_096,
  maxWaitingPerGroup: 64,
  onBatch: (size) => joinBatchSize.observe(size),
  isSharedFailure: isDatabaseUnavailable,
});

/** The form's, the embed's and the API's way: each request waits for its process's next batch. */
export const sendThroughBatcher: SendJoins = (requests) => Promise.all(requests.map((request) => joinBatcher.submit(request)));

function memberOf(row: JoinResultRecord): Member {
  return {
    id: row.id!,
    email: row.email!,
    referralCode: row.referral_code!,
    points: row.points!,
    referralsMade: row.referrals_made!,
    confirmedEmail: row.confirmed_email!,
    hasViewedTrailer: row.has_viewed_trailer!,
    isBlocked: row.is_blocked!,
    joinDate: new Date(row.join_date!),
  };
}

function createdFrom(row: JoinResultRecord): CreatedMember {
  switch (row.outcome) {
    case "joined":
    case "existing":
      return { outcome: row.outcome, member: memberOf(row), referral: row.outcome === "joined" ? row.referral : null };
    case "limited":
      return { outcome: "limited", limitIndex: (row.refused_limit ?? 1) - 1, retryAfterSeconds: row.retry_after ?? 1 };
    case "reused":
    case "under_age":
      return { outcome: row.outcome };
    default:
      return { outcome: "throwaway" };
  }
}

/**
 * The one way members are created — the form, the embed, the API, CSV import and the
 * seed all come here. Each join is the rules of joinRequestOf, in one statement for the
 * whole list (waitlist_join_batch); a code someone else holds is replaced and that join
 * tried again. `send` is the process's batcher by default, or a transaction's own call
 * (an import writes its members with its progress). A caller inside a transaction passes
 * the join settings it read before opening it: a settings read that misses the cache
 * inside a transaction would wait for the transaction's own connection (PGlite has one).
 */
export async function createMembers(members: readonly NewMember[], send: SendJoins = sendThroughBatcher, joinSettings?: JoinSettings): Promise<CreatedMember[]> {
  const settings = joinSettings ?? (await loadJoinSettings());
  const created: CreatedMember[] = new Array<CreatedMember>(members.length);
  let pending = members.map((_, index) => index);
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt > REFERRAL_CODE_ATTEMPTS) throw new Error("could not find a free referral code");
    const rows = await send(pending.map((index) => joinRequestOf(members[index]!, settings, attempt)));
    const taken: number[] = [];
    rows.forEach((row, position) => {
      if (row.outcome === "code_taken") taken.push(pending[position]!);
      else created[pending[position]!] = createdFrom(row);
    });
    if (rows.some((row) => row.outcome === "joined")) wakeEmailSender("welcome");
    if (rows.some((row) => row.webhooks_enabled)) wakeWebhookSender();
    pending = taken;
  }
  return created;
}

export type JoinResult = { member: Member; isNewMember: boolean; referral: ReferralOutcome | null };

/** The gate refused the join; nothing but the counted hits was written. */
export class JoinGateRefusal extends Error {
  constructor(
    readonly refusal: { kind: "challenge_reused" } | { kind: "under_age" } | { kind: "rate_limited"; limitIndex: number; retryAfterSeconds: number },
  ) {
    super(`join refused by its gate: ${refusal.kind}`);
  }
}

/** The join was refused because its address answered the age question under the consent age in the last day. */
export function isUnderAgeRefusal(error: unknown): boolean {
  return error instanceof JoinGateRefusal && error.refusal.kind === "under_age";
}

/**
 * One member, as the form, the embed and the API add them: a returning member comes back
 * with isNewMember false, a throwaway address is refused with the spec's message, and a
 * gate that refuses — or an address answered under the consent age (ADR 0061) — throws
 * JoinGateRefusal.
 */
export async function joinWaitlist(member: NewMember, send: SendJoins = sendThroughBatcher, joinSettings?: JoinSettings): Promise<JoinResult> {
  const [created] = await createMembers([member], send, joinSettings);
  if (!created) throw new Error("createMembers answered no member");
  switch (created.outcome) {
    case "joined":
    case "existing":
      return { member: created.member, isNewMember: created.outcome === "joined", referral: created.referral };
    case "reused":
      throw new JoinGateRefusal({ kind: "challenge_reused" });
    case "under_age":
      throw new JoinGateRefusal({ kind: "under_age" });
    case "limited":
      throw new JoinGateRefusal({ kind: "rate_limited", limitIndex: created.limitIndex, retryAfterSeconds: created.retryAfterSeconds });
    default:
      throw new AppError("INVALID_INPUT", THROWAWAY_ADDRESS_MESSAGE);
  }
}
