import { randomUUID } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { pointsLedger, waitlistUsers } from "../../../db/schema";
import { runTransaction, type Transaction } from "../db.server";
import { enqueueEmail } from "../email/outbox.server";
import { prepareWelcomeEmail } from "../email/welcome.server";
import { REFERRAL_BONUS_POINTS, REFERRER_POINTS, SIGNUP_POINTS } from "../points/points-rules";
import { fallbackReferralCode, REFERRAL_CODE_ATTEMPTS, referralCodeCandidate } from "../referrals/referral-code";
import { getSiteSetting } from "../settings/settings.server";
import { normaliseEmail } from "./email";
import { getMemberByEmail, memberColumns, type Member } from "./members.server";

export type JoinRequest = {
  email: string;
  /** The pending referral code this visitor arrived with, unvalidated. */
  referralCode?: string | null;
  device?: string | null;
  country?: string | null;
};

export type JoinResult = { member: Member; isNewMember: boolean; isReferralCredited: boolean };

type Attempt = JoinResult | { codeTaken: true };

/**
 * Puts an e-mail on the waitlist. A new member gets 10 points (15 with a valid referral,
 * whose owner gets +10 and one referral) and the welcome e-mail, all in one transaction;
 * an address already on the list comes back as a returning member and earns nothing.
 * Safe under concurrent identical requests: the unique e-mail decides, not a prior read;
 * a referral code taken by someone else is found the same way (the insert does nothing)
 * and the next candidate is tried.
 */
export async function joinWaitlist(request: JoinRequest): Promise<JoinResult> {
  const email = normaliseEmail(request.email);
  const existing = await getMemberByEmail(email);
  if (existing) return { member: existing, isNewMember: false, isReferralCredited: false };

  const templateHtml = await getSiteSetting("welcomeEmailTemplateHtml");
  for (let attempt = 0; attempt <= REFERRAL_CODE_ATTEMPTS; attempt += 1) {
    const code = attempt < REFERRAL_CODE_ATTEMPTS ? referralCodeCandidate(email) : fallbackReferralCode();
    const id = randomUUID();
    const welcome = await prepareWelcomeEmail({ id, email, referralCode: code }, templateHtml);
    const result = await runTransaction((tx) => insertMember(tx, { ...request, id, email, code }, welcome));
    if (!("codeTaken" in result)) return result;
  }
  throw new Error("could not find a free referral code");
}

async function insertMember(
  tx: Transaction,
  request: JoinRequest & { id: string; email: string; code: string },
  welcome: Awaited<ReturnType<typeof prepareWelcomeEmail>>,
): Promise<Attempt> {
  const [inserted] = await tx
    .insert(waitlistUsers)
    .values({
      id: request.id,
      email: request.email,
      referralCode: request.code,
      points: SIGNUP_POINTS,
      signupDevice: request.device ?? null,
      signupCountry: request.country ?? null,
    })
    .onConflictDoNothing()
    .returning(memberColumns);
  if (!inserted) {
    const existing = await getMemberByEmail(request.email, tx);
    return existing ? { member: existing, isNewMember: false, isReferralCredited: false } : { codeTaken: true };
  }
  await tx.insert(pointsLedger).values({ memberId: inserted.id, delta: SIGNUP_POINTS, reason: "signup" });

  const referrerId = request.referralCode ? await creditReferrer(tx, request.referralCode, inserted) : null;
  let member = inserted;
  if (referrerId) {
    const [bonused] = await tx
      .update(waitlistUsers)
      .set({ points: sql`${waitlistUsers.points} + ${REFERRAL_BONUS_POINTS}`, referredByUserId: referrerId })
      .where(eq(waitlistUsers.id, inserted.id))
      .returning(memberColumns);
    if (bonused) member = bonused;
    await tx
      .insert(pointsLedger)
      .values({ memberId: inserted.id, delta: REFERRAL_BONUS_POINTS, reason: "referral_bonus", relatedMemberId: referrerId });
  }
  await enqueueEmail(welcome, tx);
  return { member, isNewMember: true, isReferralCredited: Boolean(referrerId) };
}

/** +10 points and one referral for the code's owner, when listed and not the new member. */
async function creditReferrer(tx: Transaction, code: string, newMember: Member): Promise<string | null> {
  const [referrer] = await tx
    .update(waitlistUsers)
    .set({
      points: sql`${waitlistUsers.points} + ${REFERRER_POINTS}`,
      referralsMade: sql`${waitlistUsers.referralsMade} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(waitlistUsers.referralCode, code.trim().toLowerCase()),
        eq(waitlistUsers.isBlocked, false),
        ne(waitlistUsers.id, newMember.id),
        ne(waitlistUsers.email, newMember.email),
      ),
    )
    .returning({ id: waitlistUsers.id });
  if (!referrer) return null;
  await tx
    .insert(pointsLedger)
    .values({ memberId: referrer.id, delta: REFERRER_POINTS, reason: "referral_credit", relatedMemberId: newMember.id });
  return referrer.id;
}
