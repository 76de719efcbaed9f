import { parseWithZod } from "@conform-to/zod/v4";
import { requestParentConsent } from "../../consent/consent-requests.server";
import { guardAgainstBots } from "../../security/bot-guard.server";
import { forgetReferralCode, readPendingReferral } from "../visitor-cookies.server";
import { JoinInputSchema } from "../waitlist.schema";
import { joinFailureOf } from "./join-failure.server";
import type { JoinAnswer, JoinVisitor } from "./join-answer.server";

/** Where the join form sends a visitor once the parent's request is on its way. */
export const PARENT_ASKED_PATH = "/parent-consent?sent=1";

/**
 * The join form's post when the site runs "children first" (ADR 0066): no age question;
 * the address is the parent's or guardian's, and the post is a consent request to it —
 * through the same checks a child's request goes through (bot guard, throwaway domains,
 * "not my child", the per-parent and per-network limits). Nothing of the child is stored
 * until the parent says yes; the referral the visitor arrived with waits with the request.
 */
export async function answerParentFirstForm(payload: FormData | URLSearchParams, visitor: JoinVisitor): Promise<JoinAnswer> {
  const submission = parseWithZod(payload, { schema: JoinInputSchema });
  if (submission.status !== "success") return { kind: "refused", status: 400, data: { form: submission.reply() } };
  const { altcha, website, email, language, timeZone } = submission.value;
  try {
    await guardAgainstBots({ form: "join", altcha, website, clientIp: visitor.clientIp });
    const referral = await readPendingReferral(visitor.cookieHeader);
    await requestParentConsent({
      parentEmail: email,
      agePass: null,
      childrenFirst: true,
      referralCode: referral?.code ?? null,
      via: referral?.via ?? null,
      clientIp: visitor.clientIp,
      userAgent: visitor.userAgent,
      siteLanguage: visitor.siteLanguage,
      language,
      timeZone,
    });
    return { kind: "ask-parent", location: PARENT_ASKED_PATH, setCookies: [await forgetReferralCode()] };
  } catch (error) {
    const failure = joinFailureOf(error, { door: "form", language: visitor.siteLanguage, requestId: visitor.requestId });
    return { kind: "refused", status: failure.status, data: { form: submission.reply(), formError: failure.message }, headers: failure.headers };
  }
}
