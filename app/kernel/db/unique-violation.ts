/** Whether a database error (or one it wraps) is a unique constraint refusing a row that another statement just took. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === "23505") return true;
    current = cause;
  }
  return false;
}
