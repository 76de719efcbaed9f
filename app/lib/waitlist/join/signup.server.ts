import { AppError } from "../../../kernel/errors";
import type { ShareChannel } from "../../funnel/channels";
import { referralsCredited, signups } from "../../metrics.server";
import { householdNetworkOf, networkKeyOf } from "../../security/client-network.server";
import { settleBotGuard, type BotGuardPass } from "../../security/bot-guard.server";
import type { Actor } from "../../audit/actor";
import { recordAuditEvent } from "../../audit/audit.server";
import { db } from "../../../kernel/db.server";
import { isUnderAgeRefusal, joinWaitlist, JoinGateRefusal, type JoinResult, type NewMember } from "./create-members.server";
import type { MemberConsent } from "./join-rules.server";
import { decideAge } from "../../consent/decide-age.server";
import { signupNetworkLimitKey } from "./join-rules.server";
import { emailReturningMemberTheirLink, isMembersOwnBrowser } from "../returning-member.server";
import { countryOf, deviceClassOf } from "../signup-context";
import type { JoinInput } from "../waitlist.schema";
import { appErrorWithValues } from "../../i18n/error-messages.server";
import { DEFAULT_LANGUAGE, type Language } from "../../../kernel/i18n/languages";
import { getSiteSetting } from "../../settings/settings.server";

// Generous enough for a classroom behind one address, tight enough to stop a script.
export const SIGNUP_LIMIT_PER_NETWORK = { limit: 60, windowSeconds: 10 * 60 };

type SignupRequest = JoinInput & {
  clientIp: string;
  userAgent: string | null;
  /** The site's language the visitor's browser prefers (preferredLanguage); English when not said. */
  siteLanguage?: Language;
  referralCode: string | null;
  /** The share channel of the referral link. */
  via?: ShareChannel | null;
  /** Who this browser already is: the member who joined on it, the signed-in account. */
  seen: { deviceMemberId: string | null; signedInEmail: string | null };
  /** What `checkBotGuard` left to the database; absent where nothing is guarded. */
  botGuard?: BotGuardPass;
  /** The visitor's own consent, at or over the consent age (ADR 0041). */
  consent: MemberConsent;
};

export type SignupResult = JoinResult & {
  /** False for a returning member on someone else's browser: they got an e-mail instead. */
  isOwnBrowser: boolean;
};

/**
 * The waitlist form's submission: the rest of the bot guard and the per-network limit,
 * then the join with coarse context, all in one statement (ADR 0038). A returning member
 * typed on a browser that is not theirs is e-mailed their link rather than shown it.
 */
export async function signUpFromForm(request: SignupRequest): Promise<SignupResult> {
  const { botGuard } = request;
  const guardLimits = botGuard?.kind === "no_js" ? [{ key: botGuard.limitKey, rule: botGuard.rule }] : [];
  let result: JoinResult;
  try {
    result = await joinWaitlist({
      email: request.email,
      referralCode: request.referralCode,
      via: request.via ?? null,
      device: deviceClassOf(request.userAgent),
      network: householdNetworkOf(request.clientIp),
      deviceMemberId: request.seen.deviceMemberId,
      country: countryOf({ language: request.language, timeZone: request.timeZone }),
      language: request.siteLanguage,
      consent: request.consent,
      gate: {
        challenge: botGuard?.kind === "solved" ? { signature: botGuard.signature, expiresAt: botGuard.expiresAt } : null,
        limits: [...guardLimits, { key: signupNetworkLimitKey(networkKeyOf(request.clientIp)), rule: SIGNUP_LIMIT_PER_NETWORK }],
      },
    });
  } catch (error) {
    throw answerToRefusal(error, botGuard, guardLimits.length);
  }
  if (botGuard) settleBotGuard(botGuard, PASSED);
  countSignup(result);
  const isOwnBrowser = result.isNewMember || isMembersOwnBrowser(result.member, request.seen);
  if (!isOwnBrowser) await emailReturningMemberTheirLink(result.member, request.clientIp);
  return { ...result, isOwnBrowser };
}

/** What an API client tells of the visitor it adds: the address and the age question's answer; the rest optional. */
export type ApiSignupRequest = {
  email: string;
  birthMonth: string;
  birthYear: string;
  /** The country given on the age question (ISO 3166-1 alpha-2): its consent age applies (ADR 0063). */
  country?: string | undefined;
  referralCode?: string | null;
  clientIp?: string | null;
  userAgent?: string | null;
  language?: Language;
};

/** The join forms' answer when a network joins too often (ICU, with the minutes), said in the page's language by userMessageIn. */
export const SIGNUP_NETWORK_LIMIT_MESSAGE = /*i18n*/ "Too many signups from your network. Please try again in {minutes, plural, one {# minute} other {# minutes}}.";

export const API_UNDER_CONSENT_AGE_MESSAGE =
  "This visitor is under the consent age: a parent's consent comes first. Send them to the site's join form, which asks a parent or guardian.";

export const API_CHILDREN_FIRST_MESSAGE =
  "This site signs up every crew member through a parent or guardian (children first): send visitors to the site's join form, which asks the grown-up.";

/**
 * A join through the API: the form's rules, and with the visitor's address the form's
 * per-network limit and network and device signals too. It waits in the process's join
 * queue like the form's and the embed's (so a full queue or a database outage is answered
 * alike, joinFailureOf); the audit row naming the key follows the join.
 */
export async function signUpFromApi(request: ApiSignupRequest, actor: Actor): Promise<JoinResult> {
  // A site run "children first" asks every sign-up's parent first (ADR 0066): the API cannot.
  if ((await getSiteSetting("siteAudience")) === "children_first") throw new AppError("FORBIDDEN", API_CHILDREN_FIRST_MESSAGE);
  // The notice in the member's language: the one the calling site shows them (English unless it says otherwise).
  const age = await decideAge({ birthMonth: request.birthMonth, birthYear: request.birthYear, country: request.country, email: request.email, remembered: null, language: request.language ?? DEFAULT_LANGUAGE });
  if (age.band === "under_consent_age") throw new AppError("FORBIDDEN", API_UNDER_CONSENT_AGE_MESSAGE);
  const clientIp = request.clientIp ?? null;
  const member: NewMember = {
    consent: age.consent,
    email: request.email,
    referralCode: request.referralCode ?? null,
    device: request.userAgent ? deviceClassOf(request.userAgent) : null,
    language: request.language,
    network: clientIp ? householdNetworkOf(clientIp) : null,
    gate: clientIp ? { limits: [{ key: signupNetworkLimitKey(networkKeyOf(clientIp)), rule: SIGNUP_LIMIT_PER_NETWORK }] } : {},
  };
  const result = await joinWaitlist(member).catch((error: unknown) => {
    // The address answered under the consent age on some way in (ADR 0061): the same 403.
    if (isUnderAgeRefusal(error)) throw new AppError("FORBIDDEN", API_UNDER_CONSENT_AGE_MESSAGE);
    throw answerToRefusal(error, undefined, 0);
  });
  if (result.isNewMember) {
    await recordAuditEvent(db, actor, {
      action: "member.joined",
      targetType: "member",
      targetId: result.member.id,
      after: { email: result.member.email, referral: result.referral, network: member.network },
    });
  }
  countSignup(result);
  return result;
}

const PASSED = { reused: false, retryAfterSeconds: null };

function countSignup(result: JoinResult) {
  signups.inc({ kind: result.isNewMember ? "new" : "returning" });
  if (result.referral === "credited") referralsCredited.inc();
}

/** What a failed join is answered with: the bot guard's or the network limit's refusal, else the error itself. */
function answerToRefusal(error: unknown, botGuard: BotGuardPass | undefined, guardLimitCount: number): unknown {
  const refusal = error instanceof JoinGateRefusal ? error.refusal : null;
  if (botGuard) {
    const byGuard = refusal?.kind === "challenge_reused" || (refusal?.kind === "rate_limited" && refusal.limitIndex < guardLimitCount);
    const guardError = settleBotGuard(
      botGuard,
      byGuard ? { reused: refusal.kind === "challenge_reused", retryAfterSeconds: refusal.kind === "rate_limited" ? refusal.retryAfterSeconds : null } : PASSED,
    );
    if (guardError) return guardError;
  }
  if (refusal?.kind !== "rate_limited") return error;
  return appErrorWithValues("RATE_LIMITED", SIGNUP_NETWORK_LIMIT_MESSAGE, { minutes: Math.ceil(refusal.retryAfterSeconds / 60) });
}
