import { createHmac } from "node:crypto";
import { resolveAuthSecret } from "../auth/auth-secret.server";
import { getEnv } from "../../kernel/env.server";
import { isSameSecret } from "../../kernel/crypto/same-secret.server";

// Stateless signed tokens (e-mail confirmation, prize claims, consent and age passes): a
// payload plus an HMAC of it under a purpose, so a token made for one use is never
// accepted for another.
function signature(purpose: string, payload: string): string {
  return createHmac("sha256", resolveAuthSecret(getEnv())).update(`${purpose}:${payload}`).digest("base64url");
}

export function sealToken(purpose: string, payload: string): string {
  return `${payload}.${signature(purpose, payload)}`;
}

/** The payload a token was sealed with for `purpose`, or null when we did not make it. */
export function openToken(purpose: string, token: unknown): string | null {
  if (typeof token !== "string" || token.length > 1_000) return null;
  const cut = token.lastIndexOf(".");
  if (cut <= 0) return null;
  const payload = token.slice(0, cut);
  return isSameSecret(token.slice(cut + 1), signature(purpose, payload)) ? payload : null;
}
