import { appErrorWithValues } from "../i18n/error-messages.server";
import type { Language } from "../../kernel/i18n/languages";
import { log, maskEmail } from "../../kernel/log.server";
import { networkKeyOf } from "../security/client-network.server";
import { consumeRateLimits } from "../security/rate-limit.server";
import { createRefusalMemo } from "../security/refusal-memo.server";
import { addressSubjectOf, personRateLimitKey } from "../security/person-rate-limit.server";
import { emailHashOf } from "../email/suppression.server";
import { getAuth } from "./auth.server";
import { safeRedirectPath } from "./redirects";

export const SIGN_IN_LIMITS = {
  perEmail: { limit: 5, windowSeconds: 15 * 60 },
  perNetwork: { limit: 20, windowSeconds: 15 * 60 },
};

type MagicLinkRequest = {
  email: string;
  clientIp: string;
  /** Where to land after sign-in (default /dashboard). */
  redirectTo?: string;
  /** The page's language: the e-mail's, when the address is no member's (a member's own language wins). */
  language?: Language;
};

/** The sign-in limit's answer (ICU, with the minutes to wait), shown by the sign-in page. */
export const SIGN_IN_LIMIT_MESSAGE = /*i18n*/ "Too many sign-in requests. Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.";

/**
 * Addresses whose own limit the database said is used up: this process refuses them again
 * without asking it, which is what it would answer (the address's limit comes first, and
 * nothing after a refusing limit is counted). A flood of one address — the join form
 * e-mails a returning member their link (ADR 0061) — then costs no statement per post on
 * that address's one hot row.
 */
const limitedAddresses = createRefusalMemo();

function limitedError(retryAfterSeconds: number) {
  return appErrorWithValues("RATE_LIMITED", SIGN_IN_LIMIT_MESSAGE, { minutes: Math.ceil(retryAfterSeconds / 60) });
}

/**
 * E-mails a single-use sign-in link. Answers the same whether or not the address
 * is known (a first sign-in creates the crew account).
 */
export async function requestMagicLink({ email, clientIp, redirectTo, language }: MagicLinkRequest): Promise<void> {
  const normalised = email.trim().toLowerCase();
  const secondsLeft = limitedAddresses.secondsLeft(normalised);
  if (secondsLeft !== null) throw limitedError(secondsLeft);
  const limited = await consumeRateLimits([
    { key: personRateLimitKey("sign-in", "email", addressSubjectOf(emailHashOf(normalised))), rule: SIGN_IN_LIMITS.perEmail },
    { key: `sign-in:network:${networkKeyOf(clientIp)}`, rule: SIGN_IN_LIMITS.perNetwork },
  ]);
  if (!limited.allowed) {
    if (limited.refusedIndex === 0) limitedAddresses.remember(normalised, limited.retryAfterSeconds);
    throw limitedError(limited.retryAfterSeconds);
  }
  const destination = safeRedirectPath(redirectTo, "/dashboard");
  await getAuth().api.signInMagicLink({
    body: {
      email: normalised,
      callbackURL: `/auth/callback?${new URLSearchParams({ redirectTo: destination })}`,
      errorCallbackURL: "/login",
      metadata: { language },
    },
    // Called from our own action, which already passed the cross-origin check.
    headers: new Headers(),
  });
  log.info("magic link requested", { email: maskEmail(normalised) });
}
