import { createHash } from "node:crypto";
import { getEnv } from "../env.server";
import { emailIdentity } from "../waitlist/email-identity";
import { normaliseEmail } from "../waitlist/email";
import type { AgeBand } from "./age";
import { openToken, sealToken } from "../security/signed-token.server";

// What the device remembers of the age question for a day (ADR 0041): the band, and a hash
// of the address the child typed — so going back and changing the year does not get
// through, and the parent's address cannot be the child's own. Never the birth date, and
// not the address itself. The site keeps it in a cookie; the embed, which has no cookies,
// carries it in its form.
const PURPOSE = "age-pass";
export const AGE_PASS_COOKIE = "lc_age";
export const AGE_PASS_SECONDS = 24 * 60 * 60;

export type AgePass = { band: AgeBand; childHash: string | null; expiresAt: number };

export function childHashOf(email: string): string {
  return createHash("sha256").update(`child:${emailIdentity(normaliseEmail(email))}`).digest("base64url").slice(0, 22);
}

export function sealAgePass(band: AgeBand, childEmail: string | null, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ b: band, c: childEmail ? childHashOf(childEmail) : null, e: now + AGE_PASS_SECONDS * 1000 })).toString("base64url");
  return sealToken(PURPOSE, payload);
}

export function openAgePass(token: unknown, now = Date.now()): AgePass | null {
  const payload = openToken(PURPOSE, token);
  if (!payload) return null;
  try {
    const { b, c, e } = JSON.parse(Buffer.from(payload, "base64url").toString()) as { b: unknown; c: unknown; e: unknown };
    if ((b !== "under_consent_age" && b !== "consent_age_or_over") || typeof e !== "number" || e <= now) return null;
    return { band: b, childHash: typeof c === "string" ? c : null, expiresAt: e };
  } catch {
    return null;
  }
}

function cookieValue(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === AGE_PASS_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return null;
}

export function readAgePassCookie(cookieHeader: string | null): AgePass | null {
  return openAgePass(cookieValue(cookieHeader));
}

export function agePassCookie(token: string): string {
  const secure = getEnv().isHttps ? "; Secure" : "";
  return `${AGE_PASS_COOKIE}=${encodeURIComponent(token)}; Max-Age=${AGE_PASS_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

export function clearAgePassCookie(): string {
  return `${AGE_PASS_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`;
}
