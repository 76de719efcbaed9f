import { usedBotChallenges } from "../../../db/schema";
import { LOGIN_FAILED_MESSAGE } from "../auth/login-form";
import { db } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { appErrorWithValues } from "../i18n/error-messages.server";
import { log } from "../../kernel/log.server";
import { botChallengeSolveSeconds, botGuardChecks } from "../metrics.server";
import { SIGNUP_ERROR_MESSAGE } from "../waitlist/join-form";
import { checkBotChallenge } from "./bot-challenge.server";
import { networkKeyOf } from "./client-network.server";
import { consumeRateLimit, type RateLimitRule } from "./rate-limit.server";
import { createRefusalMemo } from "./refusal-memo.server";

export type BotGuardedForm = "join" | "sign-in";

/**
 * Submissions without a solved challenge (no JavaScript, or a script posting directly)
 * per network: a family without JavaScript gets through, a script does not get far.
 */
export const NO_JS_LIMITS: Record<BotGuardedForm, RateLimitRule> = {
  join: { limit: 5, windowSeconds: 60 * 60 },
  "sign-in": { limit: 5, windowSeconds: 60 * 60 },
};

/** Networks the no-JavaScript limit refused: their later posts in the window cost no statement (issue 37). */
const refusedNetworks = createRefusalMemo();

export const BOT_CHECK_EXPIRED_MESSAGE = /*i18n*/ "This form waited too long. Please try again.";
export const BOT_CHECK_FAILED_MESSAGE = /*i18n*/ "We could not check that a person sent this form. Please reload the page and try again.";
export const BOT_CHECK_REUSED_MESSAGE = /*i18n*/ "This form was already sent once. Please try again.";

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

/** The no-JavaScript limit's answers (ICU, with the minutes to wait): shown by the join forms and the sign-in page. */
export const NO_JS_JOIN_LIMIT_MESSAGE = /*i18n*/ "Too many signups from your network. Please try again in {minutes, plural, one {# minute} other {# minutes}}, or turn on JavaScript.";
export const NO_JS_SIGN_IN_LIMIT_MESSAGE = /*i18n*/ "Too many sign-in requests. Please wait {minutes, plural, one {# minute} other {# minutes}} and try again, or turn on JavaScript.";

function noJsLimitError(form: BotGuardedForm, retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return appErrorWithValues("RATE_LIMITED", form === "join" ? NO_JS_JOIN_LIMIT_MESSAGE : NO_JS_SIGN_IN_LIMIT_MESSAGE, { minutes });
}

/**
 * What the guard decided without the database: a solved challenge still to be accepted
 * once, or a submission without one still to be counted against the no-JavaScript limit.
 */
export type BotGuardPass =
  | { form: BotGuardedForm; kind: "solved"; signature: string; expiresAt: Date; solveMs: number | null }
  | { form: BotGuardedForm; kind: "no_js"; limitKey: string; rule: RateLimitRule };

/**
 * The guard's checks that need no database, which throw an AppError (400) for a filled
 * honeypot or a challenge that is expired, forged or wrongly solved. What is left — a
 * solved challenge used once, the no-JavaScript limit — is the database's: `guardAgainstBots`
 * does it in statements of its own, the waitlist's join in its own statement (ADR 0038),
 * and either then calls `settleBotGuard`.
 */
export async function checkBotGuard({ form, altcha, website, clientIp }: Submission): Promise<BotGuardPass> {
  if (website?.trim()) throw refusal(form, "honeypot", new AppError("INVALID_INPUT", HONEYPOT_MESSAGES[form]));
  if (!altcha) {
    const limitKey = `${form}:no-js:network:${networkKeyOf(clientIp)}`;
    // A network already refused in this window is refused again before the database is asked.
    const secondsLeft = refusedNetworks.secondsLeft(limitKey);
    if (secondsLeft !== null) throw refusal(form, "no_js_limited", noJsLimitError(form, secondsLeft));
    return { form, kind: "no_js", limitKey, rule: NO_JS_LIMITS[form] };
  }
  const check = await checkBotChallenge(altcha);
  if (check.outcome === "expired") throw refusal(form, "expired", new AppError("INVALID_INPUT", BOT_CHECK_EXPIRED_MESSAGE));
  if (check.outcome === "invalid") throw refusal(form, "invalid", new AppError("INVALID_INPUT", BOT_CHECK_FAILED_MESSAGE));
  return { form, kind: "solved", signature: check.signature, expiresAt: check.expiresAt, solveMs: check.solveMs };
}

/**
 * The end of a guard's check, once the database has answered: counts it, and returns the
 * error to throw when the challenge was used before or the no-JavaScript limit is used up.
 */
export function settleBotGuard(pass: BotGuardPass, answer: { reused: boolean; retryAfterSeconds: number | null }): AppError | null {
  const { form } = pass;
  if (answer.reused) return refusal(form, "reused", new AppError("INVALID_INPUT", BOT_CHECK_REUSED_MESSAGE));
  if (answer.retryAfterSeconds !== null) {
    if (pass.kind === "no_js") refusedNetworks.remember(pass.limitKey, answer.retryAfterSeconds);
    return refusal(form, "no_js_limited", noJsLimitError(form, answer.retryAfterSeconds));
  }
  botGuardChecks.inc({ form, outcome: pass.kind });
  if (pass.kind === "solved" && pass.solveMs !== null) botChallengeSolveSeconds.observe(pass.solveMs / 1000);
  return null;
}

/**
 * Lets a waitlist or sign-in submission through, or throws an AppError (400, or 429 for
 * the no-JavaScript limit) before anything changes: a filled honeypot is refused; a
 * solved challenge is accepted once (its signature is recorded until it expires); no
 * challenge at all counts against the strict per-network limit.
 */
export async function guardAgainstBots(submission: Submission): Promise<void> {
  const pass = await checkBotGuard(submission);
  let answer: { reused: boolean; retryAfterSeconds: number | null };
  if (pass.kind === "no_js") {
    const limit = await consumeRateLimit(pass.limitKey, pass.rule);
    answer = { reused: false, retryAfterSeconds: limit.allowed ? null : limit.retryAfterSeconds };
  } else {
    const recorded = await db
      .insert(usedBotChallenges)
      .values({ signature: pass.signature, expiresAt: pass.expiresAt })
      .onConflictDoNothing()
      .returning({ signature: usedBotChallenges.signature });
    answer = { reused: recorded.length === 0, retryAfterSeconds: null };
  }
  const refused = settleBotGuard(pass, answer);
  if (refused) throw refused;
}
