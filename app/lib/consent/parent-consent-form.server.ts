import { z } from "zod";
import { emailAddressSchema } from "../email/email-address.schema";
import { isAppError } from "../../kernel/errors";
import { readPendingReferral } from "../waitlist/visitor-cookies.server";
import { readAgePassCookie } from "./age-pass.server";
import { requestParentConsent } from "./consent-requests.server";
import type { Language } from "../../kernel/i18n/languages";

export const PARENT_EMAIL_REQUIRED = /*i18n*/ "Please enter your parent's or guardian's e-mail address.";

const ParentFormSchema = z.object({
  parentEmail: emailAddressSchema(PARENT_EMAIL_REQUIRED),
  // The honeypot a person never fills.
  website: z.string().max(200).optional(),
  timeZone: z.string().trim().max(64).optional().catch(undefined),
  language: z.string().trim().max(35).optional().catch(undefined),
});

export type ParentFormAnswer = { ok: true } | { ok: false; status: number; message: string };

/** The parent step's post: the address checked, the request recorded and the notice queued. */
export async function answerParentForm(form: FormData, visitor: { clientIp: string; userAgent: string | null; siteLanguage: Language; cookieHeader: string | null }): Promise<ParentFormAnswer> {
  const parsed = ParentFormSchema.safeParse(Object.fromEntries([...form].filter(([, value]) => typeof value === "string")));
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? PARENT_EMAIL_REQUIRED };
  // A filled honeypot is answered as a success and nothing is sent.
  if (parsed.data.website) return { ok: true };
  try {
    const referral = await readPendingReferral(visitor.cookieHeader);
    await requestParentConsent({
      parentEmail: parsed.data.parentEmail,
      agePass: readAgePassCookie(visitor.cookieHeader),
      referralCode: referral?.code ?? null,
      via: referral?.via ?? null,
      clientIp: visitor.clientIp,
      userAgent: visitor.userAgent,
      siteLanguage: visitor.siteLanguage,
      language: parsed.data.language,
      timeZone: parsed.data.timeZone,
    });
    return { ok: true };
  } catch (error) {
    if (isAppError(error)) return { ok: false, status: error.status, message: error.userMessage };
    throw error;
  }
}
