import { randomUUID } from "node:crypto";
import type { ShareChannel } from "../../funnel/channels";
import { REFERRAL_BONUS_POINTS, REFERRER_POINTS, SIGNUP_POINTS } from "../../points/points-rules";
import { fallbackReferralCode, REFERRAL_CODE_ATTEMPTS, referralCodeCandidate } from "../../referrals/referral-code";
import type { RateLimitCheck } from "../../security/rate-limit.server";
import { getSiteSettings, type SiteSettings } from "../../settings/settings.server";
import { normaliseEmail } from "../email";
import { emailIdentity } from "../email-identity";
import { isOnThrowawayList, isThrowawayAddress } from "../throwaway-domains.server";
import type { JoinRequestRecord } from "./join-record.server";
import type { AgeBand } from "../../consent/age";
import { CONSENT_CONFIRMATION_DELAY_SECONDS, type ConsentMethod } from "../../consent/consent-rules";
import { DEFAULT_LANGUAGE, type Language } from "../../../kernel/i18n/languages";
import { underAgeKeyOf } from "../../consent/age-memory.server";

/**
 * What a way in (the form, the embed, the API, CSV import, the seed) knows of a new
 * member. Everything but the address is optional; what is left out is the form's default.
 */
export type NewMember = {
  email: string;
  /** The referral code the visitor arrived with, unvalidated. */
  referralCode?: string | null;
  /** The share channel (`via=`) of that referral link. */
  via?: ShareChannel | null;
  device?: string | null;
  country?: string | null;
  /** The site's language the visitor's browser prefers; English when not said. */
  language?: Language;
  /** The /24 or /64 the request came from (householdNetworkOf). */
  network?: string | null;
  /** The member who joined on this browser before, if any. */
  deviceMemberId?: string | null;
  /** A code of its own to keep when it is free (an imported or seeded member's). */
  code?: string | null;
  tags?: readonly string[];
  notes?: string | null;
  isConfirmed?: boolean;
  isBlocked?: boolean;
  /** When the member joined, when that was before now (the seed's demo members). */
  joinedAt?: Date | null;
  /** The welcome e-mail (default yes; an import sends it only when asked). */
  sendWelcome?: boolean;
  /** Pay a referral now or when the friend confirms; by default the site's setting. */
  referralCredit?: "join" | "confirm";
  /** What must pass before the join is tried, counted in the join's own statement. */
  gate?: JoinGate;
  /** How this member consented (ADR 0041); absent where nobody was asked (CSV import). */
  consent?: MemberConsent | null;
};

/**
 * A consent as a new member's row records it: the age band, how, the notice accepted, and
 * the country given on the age question with the consent age that applied (ADR 0063; null
 * where they were not asked: consents from before, imports).
 */
export type MemberConsent = { ageBand: AgeBand; method: ConsentMethod; noticeVersion: number; country?: string | null; consentAge?: number | null };

const SIGNUP_NETWORK_KEY = "signup:network:";

/** The key of a visitor's sign-up limit: their address (an IPv6 /64), as networkKeyOf gives it. */
export function signupNetworkLimitKey(networkKey: string): string {
  return `${SIGNUP_NETWORK_KEY}${networkKey}`;
}

/** Who sent a join, for sharing the queue fairly: the visitor's address, else the person. */
export function senderOf(request: JoinRequestRecord): string {
  return request.limit_keys?.find((key) => key.startsWith(SIGNUP_NETWORK_KEY)) ?? `identity:${request.identity}`;
}

/** A solved bot challenge, accepted once, then rate limits counted in order (rate_limits_hit). */
export type JoinGate = {
  challenge?: { signature: string; expiresAt: Date } | null;
  limits?: RateLimitCheck[];
};

const JOIN_SETTINGS = ["referralCreditMode", "emailDomainBlocklist", "emailDomainAllowlist", "referralBurstLimit", "referralDailyCap"] as const;
export type JoinSettings = Pick<SiteSettings, (typeof JOIN_SETTINGS)[number]>;

export function loadJoinSettings(): Promise<JoinSettings> {
  return getSiteSettings([...JOIN_SETTINGS]);
}

/** The code a new member is offered at each attempt: their own, then candidates, then a fallback. */
function codeFor(member: NewMember, attempt: number): string {
  if (attempt === 0 && member.code) return member.code;
  return attempt < REFERRAL_CODE_ATTEMPTS ? referralCodeCandidate() : fallbackReferralCode();
}

/** A "+tag" in the local part: a fair-play signal, since one inbox can have many. */
function isAliasAddress(email: string): boolean {
  return email.slice(0, email.lastIndexOf("@")).includes("+");
}

/**
 * A join as waitlist_join_batch takes it. The rules the database applies, in its order:
 * (1) a solved bot challenge is accepted once and (2) the gate's rate limits are counted
 * in order — both only at the first attempt, so a retry with another code counts nothing
 * again; (3) a person already listed (same identity: case, "+tag", gmail dots) is a
 * returning member and earns nothing; (4) a new address at a throwaway domain (the admin's
 * lists, then mailchecker's) is refused; (5) the referrer is the code's member unless
 * blocked or the same person; (6) the member joins with SIGNUP_POINTS, a ledger row and
 * the welcome e-mail; (7) a referral is held when a fair-play signal fires (same network
 * or device, burst, daily cap, alias, throwaway-listed domain), else paid now or on
 * confirmation as the setting says; (8) member.joined and referral events are queued.
 * Between (2) and (3), a visitor consenting for themselves from an address answered under
 * the consent age in the last day is refused ('under_age', ADR 0061).
 * What needs the address's text or a library (identity, throwaway lists, alias) is
 * decided here; what needs other rows is decided there.
 */
export function joinRequestOf(member: NewMember, settings: JoinSettings, attempt: number): JoinRequestRecord {
  const email = normaliseEmail(member.email);
  const { challenge = null, limits = [] } = attempt === 0 ? (member.gate ?? {}) : {};
  return {
    challenge_signature: challenge?.signature ?? null,
    challenge_expires_at: challenge?.expiresAt.toISOString() ?? null,
    limit_keys: limits.map((limit) => limit.key),
    limit_counts: limits.map((limit) => limit.rule.limit),
    limit_windows: limits.map((limit) => limit.rule.windowSeconds),
    id: randomUUID(),
    email,
    identity: emailIdentity(email),
    code: codeFor(member, attempt),
    signup_points: SIGNUP_POINTS,
    refuse: isThrowawayAddress(email, { blocked: settings.emailDomainBlocklist, allowed: settings.emailDomainAllowlist }),
    referral_code: member.referralCode?.trim().toLowerCase() || null,
    device: member.device ?? null,
    country: member.country ?? null,
    language: member.language ?? DEFAULT_LANGUAGE,
    network: member.network ?? null,
    via: member.via ?? null,
    device_member_id: member.deviceMemberId ?? null,
    mode: member.referralCredit ?? settings.referralCreditMode,
    alias: isAliasAddress(email),
    disposable: isOnThrowawayList(email),
    burst_limit: settings.referralBurstLimit,
    daily_cap: settings.referralDailyCap,
    referrer_points: REFERRER_POINTS,
    friend_points: REFERRAL_BONUS_POINTS,
    joined_at: member.joinedAt?.toISOString() ?? null,
    tags: member.tags ? [...member.tags] : null,
    notes: member.notes ?? null,
    confirmed: member.isConfirmed ?? null,
    blocked: member.isBlocked ?? null,
    welcome: member.sendWelcome ?? null,
    age_band: member.consent?.ageBand ?? null,
    consent_method: member.consent?.method ?? null,
    notice_version: member.consent?.noticeVersion ?? null,
    consent_country: member.consent?.country ?? null,
    consent_age: member.consent?.consentAge ?? null,
    confirm_consent_after_seconds: member.consent?.method === "parent_email_plus" ? CONSENT_CONFIRMATION_DELAY_SECONDS : null,
    // A visitor who consents for themselves must not come from an address answered under the consent age (ADR 0061).
    under_age_key: member.consent?.method === "self" ? underAgeKeyOf(email) : null,
  };
}
