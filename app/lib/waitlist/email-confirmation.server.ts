import { getEnv } from "../../kernel/env.server";
import { openToken, sealToken } from "../security/signed-token.server";

// Stateless confirmation tokens: the member id plus an HMAC of it. Confirming twice
// is harmless, so a token needs no storage and no expiry.
const PURPOSE = "confirm-email";

export function createEmailConfirmationToken(memberId: string): string {
  return sealToken(PURPOSE, memberId);
}

/** The member id a token was made for, or null when it was not made by us. */
export function readEmailConfirmationToken(token: string): string | null {
  return openToken(PURPOSE, token);
}

export function emailConfirmationUrl(memberId: string): string {
  return `${getEnv().origin}/confirm-email?${new URLSearchParams({ token: createEmailConfirmationToken(memberId) })}`;
}
