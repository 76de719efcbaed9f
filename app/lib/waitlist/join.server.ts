import { randomUUID } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { pointsLedger, waitlistUsers } from "../../../db/schema";
import { runTransaction, type Transaction } from "../db.server";
import { enqueueEmail } from "../email/outbox.server";
import { enqueueWebhookEvent } from "../webhooks/enqueue.server";
import { AppError } from "../errors";
import type { ShareChannel } from "../funnel/channels";
import { prepareWelcomeEmail } from "../email/welcome.server";
import { SIGNUP_POINTS } from "../points/points-rules";
import { recordReferral } from "../referrals/referral-credit.server";
import { referralSignals } from "../referrals/referral-signals.server";
import { fallbackReferralCode, REFERRAL_CODE_ATTEMPTS, referralCodeCandidate } from "../referrals/referral-code";
import type { ReferralCreditMode } from "../settings/settings-rules";
import { getSiteSettings } from "../settings/settings.server";
import { normaliseEmail } from "./email";
import { emailIdentity } from "./email-identity";
import { getMemberByIdentity, memberColumns, type Member } from "./members.server";
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

type Attempt = JoinResult | { codeTaken: true };
type NewMember = JoinRequest & {
  id: string;
  email: string;
  identity: string;
  code: string;
  mode: ReferralCreditMode;
  isAllowedThrowaway: boolean;
  burstLimit: number;
  dailyCap: number;
};

/**
 * Puts an e-mail on the waitlist. A new member gets 10 points and the welcome e-mail; a
 * valid referral is recorded and paid (+10 and one referral to its owner, +5 to the new
 * member) now or when the new member confirms, as the "Referral credit" setting says —
 * all in one transaction. An address whose person is already listed (same identity:
 * case, "+tag", gmail dots) comes back as a returning member and earns nothing. Safe
 * under concurrent identical requests: the unique identity decides, not a prior read;
 * a referral code taken by someone else is found the same way and the next is tried.
 * New addresses at throwaway domains are refused.
 */
export async function joinWaitlist(request: JoinRequest): Promise<JoinResult> {
  const email = normaliseEmail(request.email);
  const identity = emailIdentity(email);
  const existing = await getMemberByIdentity(identity);
  if (existing) return { member: existing, isNewMember: false, referral: null };

  const settings = await getSiteSettings([
    "welcomeEmailTemplateHtml",
    "referralCreditMode",
    "emailDomainBlocklist",
    "emailDomainAllowlist",
    "referralBurstLimit",
    "referralDailyCap",
  ]);
  if (isThrowawayAddress(email, { blocked: settings.emailDomainBlocklist, allowed: settings.emailDomainAllowlist })) {
    throw new AppError("INVALID_INPUT", THROWAWAY_ADDRESS_MESSAGE);
  }
  for (let attempt = 0; attempt <= REFERRAL_CODE_ATTEMPTS; attempt += 1) {
    const code = attempt < REFERRAL_CODE_ATTEMPTS ? referralCodeCandidate(email) : fallbackReferralCode();
    const id = randomUUID();
    const welcome = await prepareWelcomeEmail({ id, email, referralCode: code }, settings.welcomeEmailTemplateHtml);
    const newMember = {
      ...request,
      id,
      email,
      identity,
      code,
      mode: settings.referralCreditMode,
      isAllowedThrowaway: isOnThrowawayList(email),
      burstLimit: settings.referralBurstLimit,
      dailyCap: settings.referralDailyCap,
    };
    const result = await runTransaction((tx) => insertMember(tx, newMember, welcome));
    if (!("codeTaken" in result)) return result;
  }
  throw new Error("could not find a free referral code");
}

async function insertMember(tx: Transaction, request: NewMember, welcome: Awaited<ReturnType<typeof prepareWelcomeEmail>>): Promise<Attempt> {
  // The referrer first (its row stays locked to this join), so the member is stored with
  // it in one statement and comes back as inserted: fewer round trips on a busy launch.
  const referrerId = request.referralCode ? await findReferrer(tx, request.referralCode, request.identity) : null;
  const [inserted] = await tx
    .insert(waitlistUsers)
    .values({
      id: request.id,
      email: request.email,
      emailIdentity: request.identity,
      referralCode: request.code,
      points: SIGNUP_POINTS,
      referredByUserId: referrerId,
      signupDevice: request.device ?? null,
      signupCountry: request.country ?? null,
      signupNetwork: request.network ?? null,
      signupVia: request.via ?? null,
    })
    .onConflictDoNothing()
    .returning(memberColumns);
  if (!inserted) {
    const existing = await getMemberByIdentity(request.identity, tx);
    return existing ? { member: existing, isNewMember: false, referral: null } : { codeTaken: true };
  }
  await tx.insert(pointsLedger).values({ memberId: inserted.id, delta: SIGNUP_POINTS, reason: "signup" });

  let referral: JoinResult["referral"] = null;
  if (referrerId) {
    const signals = await referralSignals(tx, {
      referrerId,
      newMemberId: inserted.id,
      email: request.email,
      network: request.network ?? null,
      deviceMemberId: request.deviceMemberId ?? null,
      isAllowedThrowaway: request.isAllowedThrowaway,
      burstLimit: request.burstLimit,
      dailyCap: request.dailyCap,
    });
    referral = await recordReferral(tx, { referrerId, referredId: inserted.id }, request.mode, signals);
  }
  await enqueueEmail(welcome, tx);
  // Only a referral paid at once changes the new member after the insert (+5 points).
  const member = referral === "credited" ? await getMemberByIdentity(request.identity, tx) : inserted;
  if (!member) throw new Error("the new member vanished inside its own transaction");
  await enqueueWebhookEvent(tx, "member.joined", { memberId: member.id, email: member.email, referralCode: member.referralCode, referredBy: referrerId, referral });
  return { member, isNewMember: true, referral };
}

/**
 * The listed, unblocked owner of a code — never the new member's own identity
 * (self-referral). Its row stays locked to this join, so concurrent joins through one
 * link see each other when counting bursts and the daily cap.
 */
async function findReferrer(tx: Transaction, code: string, newIdentity: string): Promise<string | null> {
  const [referrer] = await tx
    .select({ id: waitlistUsers.id })
    .from(waitlistUsers)
    .where(
      and(
        eq(waitlistUsers.referralCode, code.trim().toLowerCase()),
        eq(waitlistUsers.isBlocked, false),
        ne(waitlistUsers.emailIdentity, newIdentity),
      ),
    )
    .for("update");
  return referrer?.id ?? null;
}
