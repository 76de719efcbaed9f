import { usedBotChallenges } from "../../../db/schema";
import { LOGIN_FAILED_MESSAGE } from "../auth/login-form";
import { db } from "../db.server";
import { AppError } from "../errors";
import { log } from "../log.server";
import { botChallengeSolveSeconds, botGuardChecks } from "../metrics.server";
import { SIGNUP_ERROR_MESSAGE } from "../waitlist/join-form";
import { checkBotChallenge } from "./bot-challenge.server";
import { networkKeyOf } from "./client-network.server";
import { consumeRateLimit, type RateLimitRule } from "./rate-limit.server";

export type BotGuardedForm = "join" | "sign-in";

/**
 * Submissions without a solved challenge (no JavaScript, or a script posting directly)
 * per network: a family without JavaScript gets through, a script does not get far.
 */
export const NO_JS_LIMITS: Record<BotGuardedForm, RateLimitRule> = {
  join: { limit: 5, windowSeconds: 60 * 60 },
  "sign-in": { limit: 5, windowSeconds: 60 * 60 },
};

export const BOT_CHECK_EXPIRED_MESSAGE = "This form waited too long. Please try again.";
export const BOT_CHECK_FAILED_MESSAGE = "We could not check that a person sent this form. Please reload the page and try again.";
export const BOT_CHECK_REUSED_MESSAGE = "This form was already sent once. Please try again.";

// A filled honeypot gets the form's usual failure: nothing tells a bot what gave it away.
const HONEYPOT_MESSAGES: Record<BotGuardedForm, string> = { join: SIGNUP_ERROR_MESSAGE, "sign-in": LOGIN_FAILED_MESSAGE };

type Submission = {
  form: BotGuardedForm;
  /** The ALTCHA widget's payload; absent when the browser ran no JavaScript. */
  altcha?: string;
  /** The honeypot field, which people never see. */
  website?: string;
  clientIp: string;
};

/** Counts and logs a refusal; the caller throws the error it returns. */
function refusal(form: BotGuardedForm, outcome: string, error: AppError): AppError {
  botGuardChecks.inc({ form, outcome });
  log.info("bot guard refused a submission", { form, outcome });
  return error;
}

function minutes(seconds: number): string {
  const count = Math.ceil(seconds / 60);
  return `${count} minute${count === 1 ? "" : "s"}`;
}

function noJsLimitMessage(form: BotGuardedForm, retryAfterSeconds: number): string {
  return form === "join"
    ? `Too many signups from your network. Please try again in ${minutes(retryAfterSeconds)}, or turn on JavaScript.`
    : `Too many sign-in requests. Please wait ${minutes(retryAfterSeconds)} and try again, or turn on JavaScript.`;
}

/**
 * Lets a waitlist or sign-in submission through, or throws an AppError (400, or 429 for
 * the no-JavaScript limit) before anything changes: a filled honeypot is refused; a
 * solved challenge is accepted once (its signature is recorded until it expires); no
 * challenge at all counts against the strict per-network limit.
 */
export async function guardAgainstBots({ form, altcha, website, clientIp }: Submission): Promise<void> {
  if (website?.trim()) throw refusal(form, "honeypot", new AppError("INVALID_INPUT", HONEYPOT_MESSAGES[form]));

  if (!altcha) {
    const key = `${form}:no-js:network:${networkKeyOf(clientIp)}`;
    const limit = await consumeRateLimit(key, NO_JS_LIMITS[form]);
    if (!limit.allowed) throw refusal(form, "no_js_limited", new AppError("RATE_LIMITED", noJsLimitMessage(form, limit.retryAfterSeconds)));
    botGuardChecks.inc({ form, outcome: "no_js" });
    return;
  }

  const check = await checkBotChallenge(altcha);
  if (check.outcome === "expired") throw refusal(form, "expired", new AppError("INVALID_INPUT", BOT_CHECK_EXPIRED_MESSAGE));
  if (check.outcome === "invalid") throw refusal(form, "invalid", new AppError("INVALID_INPUT", BOT_CHECK_FAILED_MESSAGE));
  const recorded = await db
    .insert(usedBotChallenges)
    .values({ signature: check.signature, expiresAt: check.expiresAt })
    .onConflictDoNothing()
    .returning({ signature: usedBotChallenges.signature });
  if (recorded.length === 0) throw refusal(form, "reused", new AppError("INVALID_INPUT", BOT_CHECK_REUSED_MESSAGE));
  botGuardChecks.inc({ form, outcome: "solved" });
  if (check.solveMs !== null) botChallengeSolveSeconds.observe(check.solveMs / 1000);
}
