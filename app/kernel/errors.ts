export type AppErrorCode =
  | "INVALID_INPUT"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "RATE_LIMITED";

const STATUS_BY_CODE: Record<AppErrorCode, number> = {
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
};

/** A message with something to fill in (a count of minutes): its ICU id, English text, and the values (issue 31). */
export type MessageWithValues = { id: string; values: Record<string, string | number> };

/**
 * An expected failure whose `userMessage` is safe to show. One with `withValues` has its
 * English text in `userMessage` and is shown in a page's language by `userMessageIn`.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly userMessage: string;
  readonly withValues?: MessageWithValues;

  constructor(code: AppErrorCode, userMessage: string, options?: { cause?: unknown; withValues?: MessageWithValues }) {
    super(userMessage, options);
    this.name = "AppError";
    this.code = code;
    this.userMessage = userMessage;
    if (options?.withValues) this.withValues = options.withValues;
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
