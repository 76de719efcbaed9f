import { and, eq, sql } from "drizzle-orm";
import { sessions } from "../../../db/schema";
import { db } from "../../kernel/db.server";
import { serverNow } from "../dev/test-clock.server";
import { AppError } from "../../kernel/errors";
import { appErrorWithValues } from "../i18n/error-messages.server";
import { consumeRateLimit, type RateLimitRule } from "../security/rate-limit.server";
import { personRateLimitKey } from "../security/person-rate-limit.server";

// What a member's own export or erasure request must pass (ADR 0045): a session created by a
// sign-in link within the last minutes (a borrowed, left-open browser is not enough), and a
// few requests an hour per member.

export const FRESH_SIGN_IN_MINUTES = 10;

export const PRIVACY_LIMITS: Record<PrivacyRequestKind, RateLimitRule> = {
  export: { limit: 5, windowSeconds: 60 * 60 },
  erasure: { limit: 3, windowSeconds: 60 * 60 },
};

export type PrivacyRequestKind = "export" | "erasure";

// The dashboard's My data answers (ICU, with the minutes), said in the page's language by userMessageIn.
export const FRESH_SIGN_IN_MESSAGE = /*i18n*/ "For your safety, downloading or deleting your data needs a sign-in from the last {minutes} minutes. We can e-mail you a new sign-in link.";
export const PRIVACY_REQUEST_LIMIT_MESSAGE = /*i18n*/ "Too many requests for your data. Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.";

/** Thrown when the session is older than FRESH_SIGN_IN_MINUTES: the page offers a new sign-in link. */
export class StaleSignInError extends AppError {
  constructor() {
    const { userMessage, withValues } = appErrorWithValues("FORBIDDEN", FRESH_SIGN_IN_MESSAGE, { minutes: FRESH_SIGN_IN_MINUTES });
    super("FORBIDDEN", userMessage, { withValues });
    this.name = "StaleSignInError";
  }
}

/** Whether the session began (a sign-in link was used) within the last FRESH_SIGN_IN_MINUTES. */
export async function isFreshSignIn(sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), sql`${sessions.createdAt} > ${serverNow()} - make_interval(mins => ${FRESH_SIGN_IN_MINUTES})`));
  return row !== undefined;
}

/** A fresh sign-in, then one hit on the member's limit for this kind; StaleSignInError or RATE_LIMITED otherwise. */
export async function admitPrivacyRequest(kind: PrivacyRequestKind, request: { memberId: string; sessionId: string }): Promise<void> {
  if (!(await isFreshSignIn(request.sessionId))) throw new StaleSignInError();
  const limited = await consumeRateLimit(personRateLimitKey("privacy", kind, request.memberId), PRIVACY_LIMITS[kind]);
  if (!limited.allowed) {
    throw appErrorWithValues("RATE_LIMITED", PRIVACY_REQUEST_LIMIT_MESSAGE, { minutes: Math.ceil(limited.retryAfterSeconds / 60) });
  }
}
