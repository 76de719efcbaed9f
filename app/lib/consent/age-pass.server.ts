import { createHmac } from "node:crypto";
import { resolveAuthSecret } from "../auth/auth-secret.server";
import { getEnv } from "../../kernel/env.server";
import { emailIdentity } from "../waitlist/email-identity";
import { normaliseEmail } from "../waitlist/email";
import type { AgeBand } from "./age";
import { countryCodeOf, COUNTRY_CONSENT_AGE, type AppliedConsentAge } from "./consent-age-by-country";
import { openToken, sealToken } from "../security/signed-token.server";

// What the device remembers of the age question for a day (ADR 0041): the band, and keyed
// hashes of every address the child typed there in the last day (ADR 0059) — so going back
// and changing the year does not get through, and the parent's address cannot be one of the
// child's own; and the country the child gave with the consent age it chose (ADR 0063), for
// the parent's request to keep. Never the birth date, and not the addresses themselves. The site keeps it in
// a cookie; the embed, which has no cookies, carries it in its form.
const PURPOSE = "age-pass";
export const AGE_PASS_COOKIE = "lc_age";
export const AGE_PASS_SECONDS = 24 * 60 * 60;

/** How many typed addresses a pass remembers (the newest): enough for any honest visitor, and a bounded cookie. */
export const AGE_PASS_ADDRESSES = 16;

/** A typed address's keyed hash, and when it was typed (ms). */
type TypedAddress = [hash: string, typedAt: number];

export type AgePass = { band: AgeBand; childHashes: string[]; typed: TypedAddress[]; expiresAt: number; applied?: AppliedConsentAge | null };

export function childHashOf(email: string): string {
  return createHmac("sha256", resolveAuthSecret(getEnv())).update(`child:${emailIdentity(normaliseEmail(email))}`).digest("base64url").slice(0, 22);
}

/** A pass for the band; the address typed now joins those the device's last pass remembers from the last day. */
export function sealAgePass(
  band: AgeBand,
  childEmail: string | null,
  { now = Date.now(), previous = null, applied = null }: { now?: number; previous?: AgePass | null; applied?: AppliedConsentAge | null } = {},
): string {
  const since = now - AGE_PASS_SECONDS * 1000;
  const earlier = (previous?.typed ?? []).filter(([, typedAt]) => typedAt > since);
  const typed: TypedAddress[] = childEmail ? [...earlier.filter(([hash]) => hash !== childHashOf(childEmail)), [childHashOf(childEmail), now]] : earlier;
  const kept = applied ?? previous?.applied ?? null;
  const payload = Buffer.from(
    JSON.stringify({ b: band, c: typed.slice(-AGE_PASS_ADDRESSES), e: now + AGE_PASS_SECONDS * 1000, ...(kept ? { k: kept.country, a: kept.consentAge } : {}) }),
  ).toString("base64url");
  return sealToken(PURPOSE, payload);
}

function typedAddressesOf(value: unknown, since: number): TypedAddress[] {
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is TypedAddress => Array.isArray(entry) && typeof entry[0] === "string" && typeof entry[1] === "number" && entry[1] > since).slice(-AGE_PASS_ADDRESSES);
}

export function openAgePass(token: unknown, now = Date.now()): AgePass | null {
  const payload = openToken(PURPOSE, token);
  if (!payload) return null;
  try {
    const { b, c, e, k, a } = JSON.parse(Buffer.from(payload, "base64url").toString()) as { b: unknown; c: unknown; e: unknown; k: unknown; a: unknown };
    if ((b !== "under_consent_age" && b !== "consent_age_or_over") || typeof e !== "number" || e <= now) return null;
    const typed = typedAddressesOf(c, now - AGE_PASS_SECONDS * 1000);
    return { band: b, childHashes: typed.map(([hash]) => hash), typed, expiresAt: e, applied: appliedOf(k, a) };
  } catch {
    return null;
  }
}

function appliedOf(country: unknown, age: unknown): AppliedConsentAge | null {
  if (typeof age !== "number" || !Number.isInteger(age) || age < COUNTRY_CONSENT_AGE.min || age > COUNTRY_CONSENT_AGE.max) return null;
  return { country: countryCodeOf(country), consentAge: age };
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
