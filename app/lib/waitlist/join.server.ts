import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { db, retryWhenAborted } from "../db.server";
import { wakeEmailSender } from "../email/outbox.server";
import { wakeWebhookSender } from "../webhooks/enqueue.server";
import { AppError } from "../errors";
import type { ShareChannel } from "../funnel/channels";
import { prepareWelcomeEmail } from "../email/welcome.server";
import { REFERRAL_BONUS_POINTS, REFERRER_POINTS, SIGNUP_POINTS } from "../points/points-rules";
import { fallbackReferralCode, REFERRAL_CODE_ATTEMPTS, referralCodeCandidate } from "../referrals/referral-code";
import { getSiteSettings } from "../settings/settings.server";
import { normaliseEmail } from "./email";
import { emailIdentity } from "./email-identity";
import type { RateLimitRule } from "../security/rate-limit.server";
import type { Member } from "./members.server";
import { isOnThrowawayList, isThrowawayAddress, THROWAWAY_ADDRESS_MESSAGE } from "./throwaway-domains.server";

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

type JoinRow = {
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

/**
 * Puts an e-mail on the waitlist. A new member gets 10 points and the welcome e-mail; a
 * valid referral is recorded and paid (+10 and one referral to its owner, +5 to the new
 * member) now or when the new member confirms, as the "Referral credit" setting says —
 * all in one statement (waitlist_join). An address whose person is already listed (same identity:
 * case, "+tag", gmail dots) comes back as a returning member and earns nothing. Safe
 * under concurrent identical requests: the unique identity decides, not a prior read;
 * a referral code taken by someone else is found the same way and the next is tried.
 * New addresses at throwaway domains are refused. A `gate` that refuses throws JoinGateRefusal.
 */
export async function joinWaitlist(request: JoinRequest, gate: JoinGate = {}): Promise<JoinResult> {
  const email = normaliseEmail(request.email);
  const identity = emailIdentity(email);
  const settings = await getSiteSettings([
    "welcomeEmailTemplateHtml",
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
    const welcome = await prepareWelcomeEmail({ id, email, referralCode: code }, settings.welcomeEmailTemplateHtml);
    // A gate passed at the first attempt is not counted again for the next code.
    const { challenge = null, limits = [] } = attempt === 0 ? gate : {};
    // One statement, so one round trip (ADR 0023, 0029): waitlist_join_gated (db/migrations/0015)
    // around waitlist_join (0012, its current body in 0014).
    const result = await retryWhenAborted(() =>
      db.execute<JoinRow>(sql`select * from waitlist_join_gated(
        ${challenge?.signature ?? null}, ${challenge?.expiresAt.toISOString() ?? null}::timestamptz,
        ${sql.param(limits.map((limit) => limit.key))}::text[], ${sql.param(limits.map((limit) => limit.rule.limit))}::integer[],
        ${sql.param(limits.map((limit) => limit.rule.windowSeconds))}::integer[],
        ${id}, ${email}, ${identity}, ${code}, ${SIGNUP_POINTS},
        ${refuse}, ${referralCode},
        ${request.device ?? null}, ${request.country ?? null}, ${request.network ?? null}, ${request.via ?? null}, ${request.deviceMemberId ?? null},
        ${settings.referralCreditMode}, ${isAliasAddress(email)}, ${isOnThrowawayList(email)}, ${settings.referralBurstLimit}, ${settings.referralDailyCap},
        ${REFERRER_POINTS}, ${REFERRAL_BONUS_POINTS},
        ${welcome.subject}, ${welcome.html}, ${welcome.text})`),
    );
    const row = result.rows[0];
    if (!row) throw new Error("waitlist_join returned no row");
    if (row.outcome === "reused") throw new JoinGateRefusal({ kind: "challenge_reused" });
    if (row.outcome === "limited") {
      throw new JoinGateRefusal({ kind: "rate_limited", limitIndex: (row.refused_limit ?? 1) - 1, retryAfterSeconds: row.retry_after ?? 1 });
    }
    if (row.outcome === "throwaway") throw new AppError("INVALID_INPUT", THROWAWAY_ADDRESS_MESSAGE);
    if (row.outcome === "code_taken") continue;
    const member = memberFromRow(row);
    if (row.outcome === "existing") return { member, isNewMember: false, referral: null };
    wakeEmailSender();
    if (row.webhooks_enabled) wakeWebhookSender();
    return { member, isNewMember: true, referral: row.referral };
  }
  throw new Error("could not find a free referral code");
}

function memberFromRow(row: JoinRow): Member {
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
