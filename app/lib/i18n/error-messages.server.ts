import { AppError, type AppErrorCode } from "../../kernel/errors";
import { i18nFor } from "./catalogs.server";
import type { Language } from "../../kernel/i18n/languages";

/**
 * An AppError whose message has something to fill in (issue 31): `id` is an ICU message marked
 * `/*i18n*\/` where it is defined (`{minutes, plural, one {# minute} other {# minutes}}`), its
 * English text is the error's `userMessage` (logs, the API, English pages), and the values go
 * with it so that a page in another language can say it in its own words.
 */
export function appErrorWithValues(code: AppErrorCode, id: string, values: Record<string, string | number>): AppError {
  return new AppError(code, i18nFor("en")._(id, values), { withValues: { id, values } });
}

/**
 * What an AppError says on a page in `language`. A message with values is written here, in
 * that language: the page is sent text, and translates plain English text itself
 * (`i18n._(message)`, ADR 0053), which leaves text already in its language as it is.
 */
export function userMessageIn(error: AppError, language: Language): string {
  return error.withValues ? i18nFor(language)._(error.withValues.id, error.withValues.values) : error.userMessage;
}
