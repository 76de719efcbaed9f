import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether a secret someone sent (a bearer token, a signature, a key's hash) is the one
 * expected, in time that does not depend on where they differ, nor on the expected secret's
 * length (both sides are hashed to 32 bytes first). The one way to compare secrets here:
 * never `===` (issue 37).
 */
export function isSameSecret(given: string | Buffer | null | undefined, expected: string | Buffer): boolean {
  if (given === null || given === undefined) return false;
  const digest = (value: string | Buffer) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
