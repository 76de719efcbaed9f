import type { Cookie } from "react-router";
import { resolveAuthSecret } from "../auth/auth-secret.server";
import { getEnv } from "../../kernel/env.server";
import { createSignedCookie } from "../../kernel/http/signed-cookie.server";
import { parseShareChannel, type ShareChannel } from "../funnel/channels";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

function cookieOptions(maxAge: number) {
  const env = getEnv();
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    maxAge,
    secure: env.isHttps,
    secrets: [resolveAuthSecret(env)],
  };
}

// Signed cookies: the visitor cannot forge another member's id or a referral code.
let memberCookie: Cookie | undefined;
let referralCookie: Cookie | undefined;

function getMemberCookie() {
  memberCookie ??= createSignedCookie("lc_member", cookieOptions(ONE_YEAR_SECONDS));
  return memberCookie;
}

function getReferralCookie() {
  referralCookie ??= createSignedCookie("lc_ref", cookieOptions(THIRTY_DAYS_SECONDS));
  return referralCookie;
}

/** The member who joined on this device (spec: currentUserEmail on this device), from the request's Cookie header. */
export async function readDeviceMemberId(cookieHeader: string | null): Promise<string | null> {
  const value: unknown = await getMemberCookie().parse(cookieHeader);
  return typeof value === "string" && value ? value : null;
}

export async function rememberDeviceMember(memberId: string): Promise<string> {
  return getMemberCookie().serialize(memberId);
}

/** Clears the joined-on-this-device cookie (its member was erased, ADR 0045). */
export async function forgetDeviceMember(): Promise<string> {
  return getMemberCookie().serialize("", { maxAge: 0 });
}

export type PendingReferral = { code: string; via: ShareChannel | null };

/**
 * The referral code this visitor arrived with (spec: referred_by_code) and the link's share
 * channel, from the request's Cookie header.
 */
export async function readPendingReferral(cookieHeader: string | null): Promise<PendingReferral | null> {
  const value: unknown = await getReferralCookie().parse(cookieHeader);
  // Cookies set before the channel was remembered hold the bare code.
  if (typeof value === "string") return value ? { code: value, via: null } : null;
  if (typeof value !== "object" || value === null) return null;
  const { code, via } = value as Record<string, unknown>;
  return typeof code === "string" && code ? { code, via: parseShareChannel(via) } : null;
}

export async function rememberReferral(code: string, via: ShareChannel | null): Promise<string> {
  return getReferralCookie().serialize({ code: code.trim().slice(0, 64), via });
}

export async function forgetReferralCode(): Promise<string> {
  return getReferralCookie().serialize("", { maxAge: 0 });
}
