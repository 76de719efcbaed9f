import { z } from "zod";
import { getEnv } from "../../kernel/env.server";
import { referralLink } from "../referrals/share-links";
import { checkBotGuard } from "../security/bot-guard.server";
import { askParentFirst } from "../waitlist/join/parent-first-answer.server";
import { getSiteSetting } from "../settings/settings.server";
import { signUpFromForm } from "../waitlist/join/signup.server";
import { EMAIL_INVALID_MESSAGE } from "../email/email-messages";
import { joinFailureOf } from "../waitlist/join/join-failure.server";
import { isUnderAgeRefusal } from "../waitlist/join/create-members.server";
import { JoinInputSchema } from "../waitlist/waitlist.schema";
import { openAgePass, sealAgePass } from "../consent/age-pass.server";
import { birthMonthFields, refineBirthMonth } from "../consent/birth-month.schema";
import { decideAge, PARENT_CONSENT_PATH } from "../consent/decide-age.server";
import type { Language } from "../../kernel/i18n/languages";
import type { AppliedConsentAge } from "../consent/consent-age-by-country";

export const EmbedJoinSchema = JoinInputSchema.extend({
  referralCode: z.string().trim().max(64).regex(/^[a-z0-9]*$/).optional().catch(undefined),
  /** The age pass this device was given by an earlier answer under the consent age (the embed keeps no cookies: the script keeps it). */
  agePass: z.string().max(1024).optional().catch(undefined),
  ...birthMonthFields,
}).superRefine(refineBirthMonth);

/** Who sent the embedded form, as its request tells. */
type EmbedVisitor = { clientIp: string; userAgent: string | null; siteLanguage: Language };

/** A visitor under the consent age gets a link to the site's parent step, carrying their age pass (the embed keeps no cookies). */
export type EmbedJoinResult =
  | { status: "joined"; referralLink: string }
  | { status: "emailed" }
  | { status: "ask_parent"; parentUrl: string; agePass: string }
  /** "Children first" (ADR 0066): the grown-up whose address was given has been asked. */
  | { status: "parent_asked" };

/** The embedded form when the site runs "children first": the address only, and it is the grown-up's. */
export const EmbedParentFirstSchema = JoinInputSchema.extend({
  referralCode: z.string().trim().max(64).regex(/^[a-z0-9]*$/).optional().catch(undefined),
});

/** The parent step, with the age pass the script keeps for this device (the embed keeps no cookies). */
function askParent(input: { email: string; referralCode?: string | undefined }, applied: AppliedConsentAge): EmbedJoinResult {
  const pass = sealAgePass("under_consent_age", input.email, { applied });
  const query = new URLSearchParams({ pass, ...(input.referralCode ? { ref: input.referralCode } : {}) });
  return { status: "ask_parent", parentUrl: `${getEnv().origin}${PARENT_CONSENT_PATH}?${query}`, agePass: pass };
}

/**
 * A join from the form embedded on another website: the bot guard and the same per-network
 * limits as the site's form. The page it runs on is not ours, so a returning member is
 * e-mailed their link and the answer shows nobody's details.
 */
export async function joinFromEmbed(input: z.output<typeof EmbedJoinSchema>, request: EmbedVisitor): Promise<EmbedJoinResult> {
  const age = await decideAge({ birthMonth: input.birthMonth, birthYear: input.birthYear, country: input.country, email: input.email, remembered: openAgePass(input.agePass), language: request.siteLanguage });
  if (age.band === "under_consent_age") return askParent(input, age.applied);
  const botGuard = await checkBotGuard({ form: "join", altcha: input.altcha, website: input.website, clientIp: request.clientIp });
  const result = await signUpFromForm({
    ...input,
    consent: age.consent,
    botGuard,
    referralCode: input.referralCode || null,
    clientIp: request.clientIp,
    userAgent: request.userAgent,
    siteLanguage: request.siteLanguage,
    seen: { deviceMemberId: null, signedInEmail: null },
  }).catch((error: unknown) => {
    // The address answered under the consent age in the last day, on any way in (ADR 0061).
    if (isUnderAgeRefusal(error)) return null;
    throw error;
  });
  if (!result) return askParent(input, age.applied);
  if (!result.isNewMember) return { status: "emailed" };
  return { status: "joined", referralLink: referralLink(getEnv().origin, result.member.referralCode) };
}

export type EmbedJoinAnswer = { body: EmbedJoinResult | { error: string }; status: number; headers?: Record<string, string> };

/**
 * The embedded form's join, for both of its ways in (the script's JSON post and the
 * iframe's form post): parse, join, and say what happened as every door says it
 * (joinFailureOf): a refusal with its message and status, 503 + Retry-After when the
 * database is down or the join queue full, anything unexpected logged and answered 500.
 */
export async function answerEmbedJoin(fields: unknown, request: EmbedVisitor & { requestId?: string }): Promise<EmbedJoinAnswer> {
  const audience = await getSiteSetting("siteAudience").catch((error: unknown) => joinFailureOf(error, { door: "embed", language: request.siteLanguage, requestId: request.requestId }));
  if (typeof audience !== "string") return { body: { error: audience.message }, status: audience.status, headers: audience.headers };
  if (audience === "children_first") return answerEmbedParentFirst(fields, request);
  const submission = EmbedJoinSchema.safeParse(fields && typeof fields === "object" ? fields : {});
  if (!submission.success) {
    const ageIssue = submission.error.issues.find((issue) => issue.path[0] === "birthMonth" || issue.path[0] === "birthYear");
    return { body: { error: ageIssue && !submission.error.issues.some((issue) => issue.path[0] === "email") ? ageIssue.message : EMAIL_INVALID_MESSAGE }, status: 400 };
  }
  try {
    return { body: await joinFromEmbed(submission.data, request), status: 200 };
  } catch (error) {
    const failure = joinFailureOf(error, { door: "embed", language: request.siteLanguage, requestId: request.requestId });
    return { body: { error: failure.message }, status: failure.status, headers: failure.headers };
  }
}

/** The embedded form's post under "children first": a consent request to the grown-up, as the site's own form sends (answerParentFirstForm). */
async function answerEmbedParentFirst(fields: unknown, request: EmbedVisitor & { requestId?: string }): Promise<EmbedJoinAnswer> {
  const submission = EmbedParentFirstSchema.safeParse(fields && typeof fields === "object" ? fields : {});
  if (!submission.success) return { body: { error: EMAIL_INVALID_MESSAGE }, status: 400 };
  const input = submission.data;
  try {
    await askParentFirst({
      altcha: input.altcha,
      website: input.website,
      parentEmail: input.email,
      referralCode: input.referralCode || null,
      via: null,
      clientIp: request.clientIp,
      userAgent: request.userAgent,
      siteLanguage: request.siteLanguage,
      language: input.language,
      timeZone: input.timeZone,
    });
    return { body: { status: "parent_asked" }, status: 200 };
  } catch (error) {
    const failure = joinFailureOf(error, { door: "embed", language: request.siteLanguage, requestId: request.requestId });
    return { body: { error: failure.message }, status: failure.status, headers: failure.headers };
  }
}
