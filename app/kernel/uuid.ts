const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from URLs and cookies are checked before they reach a uuid column. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
