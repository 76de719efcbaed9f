import { AppError } from "../errors";
import type { Language } from "../i18n/languages";
import { log, maskEmail } from "../log.server";
import { networkKeyOf } from "../security/client-network.server";
import { consumeRateLimits } from "../security/rate-limit.server";
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

/**
 * E-mails a single-use sign-in link. Answers the same whether or not the address
 * is known (a first sign-in creates the crew account).
 */
export async function requestMagicLink({ email, clientIp, redirectTo, language }: MagicLinkRequest): Promise<void> {
  const normalised = email.trim().toLowerCase();
  const limited = await consumeRateLimits([
    { key: `sign-in:email:${normalised}`, rule: SIGN_IN_LIMITS.perEmail },
    { key: `sign-in:network:${networkKeyOf(clientIp)}`, rule: SIGN_IN_LIMITS.perNetwork },
  ]);
  if (!limited.allowed) {
    const minutes = Math.ceil(limited.retryAfterSeconds / 60);
    throw new AppError(
      "RATE_LIMITED",
      `Too many sign-in requests. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    );
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
