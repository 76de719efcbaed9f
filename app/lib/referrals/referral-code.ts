import { randomInt } from "node:crypto";

export const REFERRAL_CODE_ATTEMPTS = 10;
const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";

function randomBase36(length: number): string {
  let out = "";
  for (let i = 0; i < length; i += 1) out += BASE36[randomInt(BASE36.length)];
  return out;
}

export const REFERRAL_CODE_LENGTH = 12;

/**
 * A new member's code: 12 random base-36 characters (about 62 bits), nothing of the
 * address. This departs from spec §5 (part of the local part + 6 random): ADR 0042.
 */
export function referralCodeCandidate(): string {
  return randomBase36(REFERRAL_CODE_LENGTH);
}

/** After every candidate collided: 'fallback' plus a time-based string (and a random tail, so two at once differ). */
export function fallbackReferralCode(now = Date.now()): string {
  return `fallback${now.toString(36)}${randomBase36(4)}`;
}

/** Every code handed out is lower-case base 36 (generated above, 20 characters at most): anything else names no member. */
const REFERRAL_CODE_SHAPE = /^[a-z0-9]{1,32}$/;

export function isReferralCodeShape(code: string): boolean {
  return REFERRAL_CODE_SHAPE.test(code);
}
