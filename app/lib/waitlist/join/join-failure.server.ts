import { DATABASE_DOWN_RETRY_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../../database-unavailable.server";
import { isAppError } from "../../../kernel/errors";
import { userMessageIn } from "../../i18n/error-messages.server";
import type { Language } from "../../../kernel/i18n/languages";
import { log } from "../../../kernel/log.server";
import { SIGNUP_ERROR_MESSAGE } from "../join-form";
import { BatcherFullError } from "./batcher";

/** Which door a join came in by: the site's form (with or without JavaScript), the embedded form or the API. */
export type JoinDoor = "form" | "embed" | "api";

/**
 * A join that did not happen, as every door answers it (ADR 0061): one status for one
 * cause — the rule's 4xx for a refusal, 503 with Retry-After when the database is down
 * or this process's join queue is full, 500 for a bug (logged once) — and the message to
 * show, in the visitor's language.
 */
export type JoinFailure = { status: number; message: string; headers: Record<string, string> };

/**
 * The one mapping from what a join threw to what its door answers. The form (with or
 * without JavaScript), the embedded form (script and iframe) and the API all call it, so
 * an outage or a refusal is answered alike whichever way the visitor came.
 */
export function joinFailureOf(error: unknown, { door, language, requestId }: { door: JoinDoor; language: Language; requestId?: string }): JoinFailure {
  if (isAppError(error)) return { status: error.status, message: userMessageIn(error, language), headers: {} };
  if (error instanceof BatcherFullError) {
    log.warn("signup refused: this process's join queue is full", { door, requestId });
    return unavailable(error.retryAfterSeconds);
  }
  if (isDatabaseUnavailable(error)) {
    log.warn("signup while the database is unavailable", { door, requestId, error });
    return unavailable(DATABASE_DOWN_RETRY_SECONDS);
  }
  log.error("signup failed", { door, requestId, error });
  return { status: 500, message: SIGNUP_ERROR_MESSAGE, headers: {} };
}

function unavailable(retryAfterSeconds: number): JoinFailure {
  return { status: 503, message: DATABASE_UNAVAILABLE_MESSAGE, headers: { "Retry-After": String(retryAfterSeconds) } };
}
