import { parseWithZod } from "@conform-to/zod/v4";
import { setFlash } from "../../flash.server";
import { checkBotGuard } from "../../security/bot-guard.server";
import type { JoinActionData } from "../join-form";
import { joinFailureOf } from "./join-failure.server";
import { answerParentFirstForm } from "./parent-first-answer.server";
import { getSiteSetting } from "../../settings/settings.server";
import { isUnderAgeRefusal } from "./create-members.server";
import { signUpFromForm } from "./signup.server";
import type { Language } from "../../../kernel/i18n/languages";
import { forgetReferralCode, readDeviceMemberId, readPendingReferral, rememberDeviceMember } from "../visitor-cookies.server";
import { JoinFormSchema } from "../waitlist.schema";
import { agePassCookie, readAgePassCookie, sealAgePass } from "../../consent/age-pass.server";
import { decideAge, PARENT_CONSENT_PATH } from "../../consent/decide-age.server";
import type { AppliedConsentAge } from "../../consent/consent-age-by-country";

/** Who sent a waitlist form, as its request tells. */
export type JoinVisitor = {
  clientIp: string;
  userAgent: string | null;
  /** The language the page was given in (requestLanguage): the member's language. */
  siteLanguage: Language;
  /** The request's Cookie header: the pending referral and the member who joined on this browser. */
  cookieHeader: string | null;
  /** The signed-in account's address, when there is one. */
  signedInEmail: string | null;
  requestId: string;
};

/**
 * What a waitlist form post is answered with: the thank-you page (with the cookies to
 * set), or the form again with its message, status and headers.
 */
export type JoinAnswer =
  | { kind: "joined" | "ask-parent"; location: string; setCookies: string[] }
  | { kind: "refused"; status: number; data: JoinActionData; headers?: Record<string, string> };

/**
 * The waitlist form's post (the join route's action, with or without JavaScript): parse,
 * join, and say what happened in the form's words —
 * a refusal with the spec's message and status, an unreachable database 503, anything
 * unexpected logged and answered 500.
 */
export async function answerJoinForm(payload: FormData | URLSearchParams, visitor: JoinVisitor): Promise<JoinAnswer> {
  // A site run "children first" asks no age: every post is a parent's request (ADR 0066).
  const audience = await getSiteSetting("siteAudience").catch((error: unknown) => joinFailureOf(error, { door: "form", language: visitor.siteLanguage, requestId: visitor.requestId }));
  if (typeof audience !== "string") return { kind: "refused", status: audience.status, data: { formError: audience.message }, headers: audience.headers };
  if (audience === "children_first") return answerParentFirstForm(payload, visitor);
  const submission = parseWithZod(payload, { schema: JoinFormSchema });
  if (submission.status !== "success") return { kind: "refused", status: 400, data: { form: submission.reply() } };
  const { altcha, website, birthMonth, birthYear, country, ...join } = submission.value;
  // The country given and the age it chose, for the parent's request if the answer sends the visitor there (ADR 0063).
  let applied: AppliedConsentAge | null = null;
  try {
    // The bot guard first: a refused network (or a filled honeypot) costs no more than this.
    const botGuard = await checkBotGuard({ form: "join", altcha, website, clientIp: visitor.clientIp });
    const remembered = readAgePassCookie(visitor.cookieHeader);
    const age = await decideAge({ birthMonth, birthYear, country, email: join.email, remembered, language: visitor.siteLanguage });
    applied = age.applied;
    // A child's address goes no further: the parent is asked first (ADR 0041).
    if (age.band === "under_consent_age") {
      return { kind: "ask-parent", location: PARENT_CONSENT_PATH, setCookies: [agePassCookie(sealAgePass(age.band, join.email, { previous: remembered, applied: age.applied }))] };
    }
    const referral = await readPendingReferral(visitor.cookieHeader);
    const { member, isNewMember, isOwnBrowser } = await signUpFromForm({
      ...join,
      botGuard,
      clientIp: visitor.clientIp,
      userAgent: visitor.userAgent,
      siteLanguage: visitor.siteLanguage,
      referralCode: referral?.code ?? null,
      via: referral?.via ?? null,
      seen: { deviceMemberId: await readDeviceMemberId(visitor.cookieHeader), signedInEmail: visitor.signedInEmail },
      consent: age.consent,
    });
    const setCookies = isOwnBrowser ? [await rememberDeviceMember(member.id)] : [];
    setCookies.push(await forgetReferralCode(), await setFlash(isNewMember ? "joined" : "welcome-back"));
    const location = isNewMember ? "/thank-you?welcome=new" : isOwnBrowser ? "/thank-you" : "/thank-you?emailed=1";
    return { kind: "joined", location, setCookies };
  } catch (error) {
    // The address answered under the consent age in the last day, on any way in (ADR 0061).
    if (isUnderAgeRefusal(error)) return { kind: "ask-parent", location: PARENT_CONSENT_PATH, setCookies: [agePassCookie(sealAgePass("under_consent_age", join.email, { applied }))] };
    const failure = joinFailureOf(error, { door: "form", language: visitor.siteLanguage, requestId: visitor.requestId });
    return { kind: "refused", status: failure.status, data: { form: submission.reply(), formError: failure.message }, headers: failure.headers };
  }
}
