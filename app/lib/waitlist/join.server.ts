import { randomUUID } from "node:crypto";
import { wakeEmailSender } from "../email/outbox.server";
import { wakeWebhookSender } from "../webhooks/enqueue.server";
import { AppError } from "../errors";
import type { ShareChannel } from "../funnel/channels";
import { REFERRAL_BONUS_POINTS, REFERRER_POINTS, SIGNUP_POINTS } from "../points/points-rules";
import { fallbackReferralCode, REFERRAL_CODE_ATTEMPTS, referralCodeCandidate } from "../referrals/referral-code";
import { getSiteSettings } from "../settings/settings.server";
import { normaliseEmail } from "./email";
import { emailIdentity } from "./email-identity";
import type { RateLimitRule } from "../security/rate-limit.server";
import type { Member } from "./members.server";
import { isOnThrowawayList, isThrowawayAddress, THROWAWAY_ADDRESS_MESSAGE } from "./throwaway-domains.server";
import { joinInBatch, type JoinBatchRow } from "./join-batch.server";

export type JoinRequest = {
  email: string;
  /** The pending referral code this visitor arrived with, unvalidated. */
  referralCode?: string | null;
  /** The share channel (`via=`) of the referral link the visitor arrived through. */
  via?: ShareChannel | null;
  device?: string | null;
  country?: string | null;
  /** The /24 or /64 the request came from (see householdNetworkOf). */
  network?: string | null;
  /** The member who joined on this browser before, if any. */
  deviceMemberId?: string | null;
};

export type JoinResult = {
  member: Member;
  isNewMember: boolean;
  /** "credited": paid now; "pending": paid when the friend confirms; "held": for an admin to decide; null: no referral. */
  referral: "credited" | "pending" | "held" | null;
};

/**
 * What a form's join must pass before it is tried, checked in the join's own statement
 * (ADR 0029): a solved bot challenge, accepted once, then rate limits counted in order.
 */
export type JoinGate = {
  challenge?: { signature: string; expiresAt: Date } | null;
  limits?: { key: string; rule: RateLimitRule }[];
};

/** The gate refused the join; nothing but the counted hits was written. */
export class JoinGateRefusal extends Error {
  constructor(
    readonly refusal: { kind: "challenge_reused" } | { kind: "rate_limited"; limitIndex: number; retryAfterSeconds: number },
  ) {
    super(`join refused by its gate: ${refusal.kind}`);
  }
}

/**
 * Puts an e-mail on the waitlist. A new member gets 10 points and the welcome e-mail; a
 * valid referral is recorded and paid (+10 and one referral to its owner, +5 to the new
 * member) now or when the new member confirms, as the "Referral credit" setting says —
 * all in one statement, shared with the joins arriving meanwhile (waitlist_join_batch, ADR 0031).
 * An address whose person is already listed (same identity:
 * case, "+tag", gmail dots) comes back as a returning member and earns nothing. Safe
 * under concurrent identical requests: the unique identity decides, not a prior read;
 * a referral code taken by someone else is found the same way and the next is tried.
 * New addresses at throwaway domains are refused. A `gate` that refuses throws JoinGateRefusal.
 */
export async function joinWaitlist(request: JoinRequest, gate: JoinGate = {}): Promise<JoinResult> {
  const email = normaliseEmail(request.email);
  const identity = emailIdentity(email);
  const settings = await getSiteSettings([
    "referralCreditMode",
    "emailDomainBlocklist",
    "emailDomainAllowlist",
    "referralBurstLimit",
    "referralDailyCap",
  ]);
  const refuse = isThrowawayAddress(email, { blocked: settings.emailDomainBlocklist, allowed: settings.emailDomainAllowlist });
  const referralCode = request.referralCode?.trim().toLowerCase() || null;
  for (let attempt = 0; attempt <= REFERRAL_CODE_ATTEMPTS; attempt += 1) {
    const code = attempt < REFERRAL_CODE_ATTEMPTS ? referralCodeCandidate(email) : fallbackReferralCode();
    const id = randomUUID();
    // A gate passed at the first attempt is not counted again for the next code.
    const { challenge = null, limits = [] } = attempt === 0 ? gate : {};
    const row = await joinInBatch({
      challenge_signature: challenge?.signature ?? null,
      challenge_expires_at: challenge?.expiresAt.toISOString() ?? null,
      limit_keys: limits.map((limit) => limit.key),
      limit_counts: limits.map((limit) => limit.rule.limit),
      limit_windows: limits.map((limit) => limit.rule.windowSeconds),
      id,
      email,
      identity,
      code,
      signup_points: SIGNUP_POINTS,
      refuse,
      referral_code: referralCode,
      device: request.device ?? null,
      country: request.country ?? null,
      network: request.network ?? null,
      via: request.via ?? null,
      device_member_id: request.deviceMemberId ?? null,
      mode: settings.referralCreditMode,
      alias: isAliasAddress(email),
      disposable: isOnThrowawayList(email),
      burst_limit: settings.referralBurstLimit,
      daily_cap: settings.referralDailyCap,
      referrer_points: REFERRER_POINTS,
      friend_points: REFERRAL_BONUS_POINTS,
    });
    if (row.outcome === "reused") throw new JoinGateRefusal({ kind: "challenge_reused" });
    if (row.outcome === "limited") {
      throw new JoinGateRefusal({ kind: "rate_limited", limitIndex: (row.refused_limit ?? 1) - 1, retryAfterSeconds: row.retry_after ?? 1 });
    }
    if (row.outcome === "throwaway") throw new AppError("INVALID_INPUT", THROWAWAY_ADDRESS_MESSAGE);
    if (row.outcome === "code_taken") continue;
    const member = memberFromRow(row);
    if (row.outcome === "existing") return { member, isNewMember: false, referral: null };
    wakeEmailSender("welcome");
    if (row.webhooks_enabled) wakeWebhookSender();
    return { member, isNewMember: true, referral: row.referral };
  }
  throw new Error("could not find a free referral code");
}

function memberFromRow(row: JoinBatchRow): Member {
  return {
    id: row.id,
    email: row.email,
    referralCode: row.referral_code,
    points: row.points,
    referralsMade: row.referrals_made,
    confirmedEmail: row.confirmed_email,
    hasViewedTrailer: row.has_viewed_trailer,
    isBlocked: row.is_blocked,
    joinDate: row.join_date instanceof Date ? row.join_date : new Date(row.join_date),
  };
}

/** A "+tag" in the local part: a fair-play signal, since one inbox can have many. */
function isAliasAddress(email: string): boolean {
  return email.slice(0, email.lastIndexOf("@")).includes("+");
}
