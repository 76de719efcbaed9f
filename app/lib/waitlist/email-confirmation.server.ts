import { createHmac, timingSafeEqual } from "node:crypto";
import { resolveAuthSecret } from "../auth/auth-secret.server";
import { getEnv } from "../env.server";

// Stateless confirmation tokens: the member id plus an HMAC of it. Confirming twice
// is harmless, so a token needs no storage and no expiry.
function signature(memberId: string): string {
  return createHmac("sha256", resolveAuthSecret(getEnv())).update(`confirm-email:${memberId}`).digest("base64url");
}

export function createEmailConfirmationToken(memberId: string): string {
  return `${memberId}.${signature(memberId)}`;
}

/** The member id a token was made for, or null when it was not made by us. */
export function readEmailConfirmationToken(token: string): string | null {
  const [memberId, given] = token.split(".");
  if (!memberId || !given) return null;
  const expected = Buffer.from(signature(memberId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? memberId : null;
}

export function emailConfirmationUrl(memberId: string): string {
  return `${getEnv().origin}/confirm-email?${new URLSearchParams({ token: createEmailConfirmationToken(memberId) })}`;
}
