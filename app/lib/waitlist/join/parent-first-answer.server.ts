import { parseWithZod } from "@conform-to/zod/v4";
import { requestParentConsent, type ParentConsentRequest } from "../../consent/consent-requests.server";
import { guardAgainstBots } from "../../security/bot-guard.server";
import { forgetReferralCode, readPendingReferral } from "../visitor-cookies.server";
import { JoinInputSchema } from "../waitlist.schema";
import { joinFailureOf } from "./join-failure.server";
import type { JoinAnswer, JoinVisitor } from "./join-answer.server";

/** Where the join form sends a visitor once the parent's request is on its way. */
export const PARENT_ASKED_PATH = "/parent-consent?sent=1";

/** What a "children first" post carries, from whichever door it came (the site's form, the embedded form). */
export type ParentFirstPost = Omit<ParentConsentRequest, "agePass" | "childrenFirst"> & { altcha: string | undefined; website: string | undefined };

/**
 * A "children first" post (ADR 0066), whichever door it came through: the bot guard, then a
 * consent request to the grown-up — through the same checks a child's request goes through
 * (throwaway domains, "not my child", the per-parent and per-network limits). Nothing of the
 * child is stored until the parent says yes; the referral waits with the request.
 */
export async function askParentFirst({ altcha, website, ...request }: ParentFirstPost): Promise<void> {
  await guardAgainstBots({ form: "join", altcha, website, clientIp: request.clientIp });
  await requestParentConsent({ ...request, agePass: null, childrenFirst: true });
}

/** The join form's post when the site runs "children first": the address is the parent's or guardian's (askParentFirst). */
export async function answerParentFirstForm(payload: FormData | URLSearchParams, visitor: JoinVisitor): Promise<JoinAnswer> {
  const submission = parseWithZod(payload, { schema: JoinInputSchema });
  if (submission.status !== "success") return { kind: "refused", status: 400, data: { form: submission.reply() } };
  const { altcha, website, email, language, timeZone } = submission.value;
  try {
    const referral = await readPendingReferral(visitor.cookieHeader);
    await askParentFirst({
      altcha,
      website,
      parentEmail: email,
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
