// A family in the tests (ADR 0067): a child asks a parent, as the join form's age question
// lets them, and the parent says yes in the e-mailed notice.
import { and, eq, sql } from "drizzle-orm";
import { emailOutbox } from "../db/schema";
import { db } from "../app/kernel/db.server";
import type { AgePass } from "../app/lib/consent/age-pass.server";
import { answerConsentRequest, requestParentConsent } from "../app/lib/consent/consent-requests.server";

/** A child's age pass, as the join form's age question gives one. */
export const childPass = (): AgePass => ({ band: "under_consent_age", childHashes: [], typed: [], expiresAt: Date.now() + 60_000, applied: { country: "US", consentAge: 13 } });

/** A child asks `parent` and the parent answers yes; the approved child. */
export async function approvedChild(parent: string, { referralCode = null as string | null, show = true, beforeAnswer = () => {} } = {}) {
  const before = await db.select({ id: emailOutbox.id }).from(emailOutbox);
  await requestParentConsent({ parentEmail: parent, agePass: childPass(), referralCode, via: null, clientIp: `198.51.100.${(before.length % 250) + 1}`, userAgent: null, siteLanguage: "en" });
  const [notice] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, parent), eq(emailOutbox.kind, "parent_consent"))).orderBy(sql`id desc`).limit(1);
  const token = /\/parent-consent\/answer\?token=([A-Za-z0-9_-]+)/.exec(notice!.text)![1]!;
  beforeAnswer();
  const answer = await answerConsentRequest(token, "approve", { showOnLeaderboard: show });
  if (answer.outcome !== "approved") throw new Error(`not approved: ${answer.outcome}`);
  return answer.member;
}
