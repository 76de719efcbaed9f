import { createHash, randomBytes } from "node:crypto";
import { addressSubjectOf, personRateLimitKey } from "../security/person-rate-limit.server";
import { emailHashOf } from "../email/suppression.server";
import { and, eq, inArray, sql } from "drizzle-orm";
import { consentRefusals, consentRequests, emailOutbox, waitlistUsers } from "../../../db/schema";
import { recordAuditEvent } from "../audit/audit.server";
import { runTransaction, db, type Transaction } from "../../kernel/db.server";
import { serverNow } from "../dev/test-clock.server";
import { enqueueEmail } from "../email/outbox.server";
import { getEnv } from "../../kernel/env.server";
import { AppError } from "../../kernel/errors";
import type { ShareChannel } from "../funnel/channels";
import { getReferralCodeOwner } from "../referrals/referral-owner.server";
import { consumeRateLimits } from "../security/rate-limit.server";
import { coarseNetworkOf, networkKeyOf } from "../security/client-network.server";
import { getSiteSetting, getSiteSettings } from "../settings/settings.server";
import { normaliseEmail } from "../waitlist/email";
import { emailIdentity } from "../waitlist/email-identity";
import { loadJoinSettings } from "../waitlist/join/join-rules.server";
import type { Member } from "../waitlist/members.server";
import { countryOf, deviceClassOf } from "../waitlist/signup-context";
import { isThrowawayAddress, THROWAWAY_ADDRESS_MESSAGE } from "../waitlist/throwaway-domains.server";
import { childHashOf, type AgePass } from "./age-pass.server";
import { parentNoticeLines, renderParentNotice } from "./consent-emails";
import { CONSENT_REQUESTS_PER_NETWORK, CONSENT_REQUESTS_PER_PARENT, FAMILY_CHILDREN_LIMIT, NOT_MY_CHILD_DAYS } from "./consent-rules";
import { grantChildConsent } from "./grant-child-consent.server";
import { currentPrivacyNotice } from "./privacy-notice.server";
import { i18nFor } from "../i18n/catalogs.server";
import type { Language } from "../../kernel/i18n/languages";

export const PARENT_IS_CHILD_MESSAGE = /*i18n*/ "That's the address you gave for yourself. Please enter your parent's or guardian's own e-mail address.";
export const CONSENT_LIMIT_MESSAGE = /*i18n*/ "We've sent enough requests from here for now. Please ask your parent or guardian to try again later.";
export const NOT_A_CHILD_REQUEST_MESSAGE = /*i18n*/ "Please start again from the join form.";

export type ParentConsentRequest = {
  parentEmail: string;
  /** The child's age pass (a mixed audience); null when the site runs "children first" (ADR 0066), where no age is asked. */
  agePass: AgePass | null;
  /** The site runs "children first": every sign-up is a child's, through the parent, with no age pass. */
  childrenFirst?: boolean;
  referralCode: string | null;
  via: ShareChannel | null;
  clientIp: string;
  userAgent: string | null;
  /** The site's language the child's browser prefers: the membership's if the parent approves. */
  siteLanguage: Language;
  language?: string;
  timeZone?: string;
};

function tokenHashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function answerUrl(token: string): string {
  return `${getEnv().origin}/parent-consent/answer?${new URLSearchParams({ token })}`;
}

/** The keyed hash a parent's address is known by once its request is gone (rate limits, "not my child"): never the address. */
function parentSubjectOf(identity: string): string {
  return addressSubjectOf(emailHashOf(identity));
}

/** The rate-limit key of a parent's address: a keyed hash, since a key outlives a declined request and must not keep the address. */
export function parentRateLimitKey(identity: string): string {
  return personRateLimitKey("consent", "parent", parentSubjectOf(identity));
}

/** Whether the address's owner said "This is not my child" in the last NOT_MY_CHILD_DAYS days (ADR 0062). */
async function isRefusedParent(identity: string): Promise<boolean> {
  const [row] = await db
    .select({ subject: consentRefusals.parentSubject })
    .from(consentRefusals)
    .where(and(eq(consentRefusals.parentSubject, parentSubjectOf(identity)), sql`${consentRefusals.refusedUntil} > ${serverNow()}`));
  return row !== undefined;
}

/**
 * A child's join (ADR 0041): nothing of the child is stored. The parent's address, the
 * referral the child arrived with and coarse context wait in consent_requests for the
 * parent's answer, and the parent gets the direct notice. Limited per parent address and
 * per network, so nobody can use the site to mail strangers.
 */
export async function requestParentConsent(request: ParentConsentRequest): Promise<void> {
  if (request.childrenFirst !== true && request.agePass?.band !== "under_consent_age") throw new AppError("INVALID_INPUT", NOT_A_CHILD_REQUEST_MESSAGE);
  // The country the child gave on the age question and the age it chose (ADR 0063), as their age pass carries them.
  const applied = request.agePass?.applied ?? null;
  const parentEmail = normaliseEmail(request.parentEmail);
  if (request.agePass?.childHashes.includes(childHashOf(parentEmail))) {
    throw new AppError("INVALID_INPUT", PARENT_IS_CHILD_MESSAGE);
  }
  const settings = await getSiteSettings(["emailDomainBlocklist", "emailDomainAllowlist", "consentRequestDays"]);
  if (isThrowawayAddress(parentEmail, { blocked: settings.emailDomainBlocklist, allowed: settings.emailDomainAllowlist })) {
    throw new AppError("INVALID_INPUT", THROWAWAY_ADDRESS_MESSAGE);
  }
  const identity = emailIdentity(parentEmail);
  // A parent who said "not my child" is answered as a used-up limit, before anything is
  // counted: nothing is stored or sent, and the child cannot tell that the parent said no (ADR 0062).
  if (await isRefusedParent(identity)) throw new AppError("RATE_LIMITED", CONSENT_LIMIT_MESSAGE);
  const limited = await consumeRateLimits([
    { key: `consent:network:${networkKeyOf(request.clientIp)}`, rule: CONSENT_REQUESTS_PER_NETWORK },
    { key: parentRateLimitKey(identity), rule: CONSENT_REQUESTS_PER_PARENT },
  ]);
  if (!limited.allowed) throw new AppError("RATE_LIMITED", CONSENT_LIMIT_MESSAGE);

  // The parent reads the notice in the child's page's language: the consent names that version.
  const notice = await currentPrivacyNotice(request.siteLanguage);
  const token = randomBytes(32).toString("base64url");
  const device = deviceClassOf(request.userAgent);
  const country = countryOf({ language: request.language, timeZone: request.timeZone });
  const { SITE_NAME, CONTACT_EMAIL } = getEnv();
  // An old code (an alias) names its member as the join would (ADR 0042).
  const referrer = request.referralCode ? await getReferralCodeOwner(request.referralCode.trim().toLowerCase()) : null;
  await runTransaction(async (tx) => {
    const [row] = await tx
      .insert(consentRequests)
      .values({
        tokenHash: tokenHashOf(token),
        parentEmail,
        parentIdentity: identity,
        privacyNoticeVersion: notice.version,
        referrerId: referrer?.id ?? null,
        signupVia: request.via,
        // Only what fair play needs, before anyone consented: the coarse network and the device class, never the address or the country.
        signupNetwork: coarseNetworkOf(request.clientIp),
        signupDevice: device,
        signupCountry: null,
        // The country the child picked on the age question and the age it chose (ADR 0063): their answer, not a guess.
        consentCountry: applied?.country ?? null,
        consentAge: applied?.consentAge ?? null,
        language: request.siteLanguage,
        requestedAt: sql`${serverNow()}`,
        expiresAt: sql`${serverNow()} + make_interval(days => ${settings.consentRequestDays})`,
      })
      .returning({ id: consentRequests.id, requestedAt: consentRequests.requestedAt });
    const email = renderParentNotice({
      i18n: i18nFor(request.siteLanguage),
      siteName: SITE_NAME,
      contactEmail: CONTACT_EMAIL,
      answerUrl: answerUrl(token),
      requestedAt: row!.requestedAt,
      device,
      country,
      consentRequestDays: settings.consentRequestDays,
      consentCountry: applied?.country ?? null,
      consentAge: applied?.consentAge ?? null,
    });
    const noticeEmailId = await enqueueEmail({ kind: "parent_consent", to: parentEmail, replyTo: CONTACT_EMAIL, subject: email.subject, html: email.html, text: email.text }, tx);
    await tx.update(consentRequests).set({ noticeEmailId }).where(eq(consentRequests.id, row!.id));
  });
}

/**
 * A request that ended without a membership (declined, expired, "not my child"): its notice
 * to the parent goes too, so nothing is left that names the parent's address (ADR 0059).
 */
export async function forgetConsentNotices(tx: Transaction, noticeEmailIds: readonly (number | null)[]): Promise<void> {
  const ids = noticeEmailIds.filter((id): id is number => id !== null);
  if (ids.length > 0) await tx.delete(emailOutbox).where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.kind, "parent_consent")));
}

/** The notice of an approved request becomes the membership's: in its export, and gone with its erasure. */
async function keepConsentNoticeAs(tx: Transaction, noticeEmailId: number | null, memberId: string): Promise<void> {
  if (noticeEmailId !== null) await tx.update(emailOutbox).set({ memberId }).where(and(eq(emailOutbox.id, noticeEmailId), eq(emailOutbox.kind, "parent_consent")));
}

export type PendingConsent = { expiresAt: Date; privacyNoticeVersion: number; noticeLines: string[] };

/**
 * The request a parent's link names, while it waits for an answer, with the notice's words:
 * in the page's language when given, else in the e-mail's.
 */
export async function findPendingConsent(token: unknown, language?: Language): Promise<PendingConsent | null> {
  if (typeof token !== "string" || token.length === 0 || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(consentRequests)
    .where(and(eq(consentRequests.tokenHash, tokenHashOf(token)), sql`${consentRequests.expiresAt} > ${serverNow()}`));
  if (!row) return null;
  const { SITE_NAME, CONTACT_EMAIL } = getEnv();
  const noticeLines = parentNoticeLines({
    i18n: i18nFor(language ?? row.language),
    siteName: SITE_NAME,
    contactEmail: CONTACT_EMAIL,
    requestedAt: row.requestedAt,
    device: row.signupDevice,
    country: row.signupCountry,
    consentRequestDays: await getSiteSetting("consentRequestDays"),
    consentCountry: row.consentCountry,
    consentAge: row.consentAge,
  });
  return { expiresAt: row.expiresAt, privacyNoticeVersion: row.privacyNoticeVersion, noticeLines };
}

/** What a parent can answer on the answer page. */
export const CONSENT_DECISIONS = ["approve", "decline", "not_my_child"] as const;
export type ConsentDecision = (typeof CONSENT_DECISIONS)[number];

export type ConsentAnswer =
  | { outcome: "approved"; member: Member }
  | { outcome: "declined" }
  | { outcome: "not_my_child" }
  | { outcome: "family_full" }
  | { outcome: "unknown" };

/**
 * The parent's answer, once: the request is deleted in the same transaction whatever the
 * answer. Approval creates the membership with the parent's address as its contact and
 * records the consent (the confirmation e-mail follows a day later); a decline keeps
 * nothing. "This is not my child" declines and refuses further requests to the address for
 * NOT_MY_CHILD_DAYS days, keeping only its keyed hash (ADR 0062). Each approval adds a child
 * to the address's family (ADR 0067), up to FAMILY_CHILDREN_LIMIT. An approval carries the parent's answer to "Show on
 * the public leaderboard" (ADR 0065); sharing with partners stays off until the parent turns it on.
 */
export async function answerConsentRequest(token: unknown, decision: ConsentDecision, choices: { showOnLeaderboard: boolean } = { showOnLeaderboard: false }): Promise<ConsentAnswer> {
  if (typeof token !== "string" || token.length === 0 || token.length > 200) return { outcome: "unknown" };
  const joinSettings = await loadJoinSettings();
  return runTransaction(async (tx) => {
    const [request] = await tx
      .delete(consentRequests)
      .where(and(eq(consentRequests.tokenHash, tokenHashOf(token)), sql`${consentRequests.expiresAt} > ${serverNow()}`))
      .returning();
    if (!request) return { outcome: "unknown" } as const;
    const actor = { kind: "system", name: "parent's consent" } as const;
    if (decision === "decline") {
      await forgetConsentNotices(tx, [request.noticeEmailId]);
      await recordAuditEvent(tx, actor, { action: "consent.declined", targetType: "consent_request", targetId: request.id });
      return { outcome: "declined" } as const;
    }
    if (decision === "not_my_child") {
      await forgetConsentNotices(tx, [request.noticeEmailId]);
      const until = sql`${serverNow()} + make_interval(days => ${NOT_MY_CHILD_DAYS})`;
      await tx
        .insert(consentRefusals)
        .values({ parentSubject: parentSubjectOf(request.parentIdentity), refusedAt: sql`${serverNow()}`, refusedUntil: until })
        .onConflictDoUpdate({ target: consentRefusals.parentSubject, set: { refusedAt: sql`${serverNow()}`, refusedUntil: until } });
      // Audited by the request's id and the days, never the address or its hash.
      await recordAuditEvent(tx, actor, { action: "consent.not_my_child", targetType: "consent_request", targetId: request.id, after: { refusedDays: NOT_MY_CHILD_DAYS } });
      return { outcome: "not_my_child" } as const;
    }
    // A family (ADR 0067): the address holds each child the parent approves, up to the limit; its rows locked so two answers cannot pass it together.
    const children = await tx
      .select({ id: waitlistUsers.id })
      .from(waitlistUsers)
      .where(and(eq(waitlistUsers.emailIdentity, request.parentIdentity), eq(waitlistUsers.consentMethod, "parent_email_plus")))
      .for("update");
    if (children.length >= FAMILY_CHILDREN_LIMIT) {
      await forgetConsentNotices(tx, [request.noticeEmailId]);
      return { outcome: "family_full" } as const;
    }
    const referrer = request.referrerId
      ? (await tx.select({ code: waitlistUsers.referralCode }).from(waitlistUsers).where(eq(waitlistUsers.id, request.referrerId)))[0]
      : undefined;
    const member = await grantChildConsent(tx, {
      child: {
        email: request.parentEmail,
        referralCode: referrer?.code ?? null,
        via: request.signupVia,
        device: request.signupDevice,
        network: request.signupNetwork,
        country: request.signupCountry,
        language: request.language,
      },
      noticeVersion: request.privacyNoticeVersion,
      country: request.consentCountry,
      consentAge: request.consentAge,
      showOnLeaderboard: choices.showOnLeaderboard,
      joinSettings,
    });
    await keepConsentNoticeAs(tx, request.noticeEmailId, member.id);
    return { outcome: "approved", member } as const;
  });
}
