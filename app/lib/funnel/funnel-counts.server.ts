import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { resolveAuthSecret } from "../auth/auth-secret.server";
import { db, type Executor } from "../../kernel/db.server";
import { getEnv } from "../../kernel/env.server";
import { getReferralCodeOwner } from "../referrals/referral-owner.server";
import { networkKeyOf } from "../security/client-network.server";
import { consumeRateLimit, type RateLimitRule } from "../security/rate-limit.server";
import type { ShareChannel } from "./channels";
import { getSiteTimeZone } from "./site-zone.server";

type CountedMetric = "visit" | "visit_ref" | "share";

// A school or a phone carrier puts many people behind one address: generous, but a
// script on one network adds at most this many per hour.
const VISIT_LIMIT_PER_NETWORK: RateLimitRule = { limit: 300, windowSeconds: 60 * 60 };
export const SHARE_LIMIT_PER_NETWORK: RateLimitRule = { limit: 100, windowSeconds: 60 * 60 };

/**
 * Adds one to a day's counter in one statement, so concurrent events all count. The day
 * is the site's calendar day of `at`.
 */
export async function countFunnelEvent(
  metric: CountedMetric,
  channel: ShareChannel | null,
  at: Date = new Date(),
  executor: Executor = db,
): Promise<void> {
  const timeZone = await getSiteTimeZone();
  await executor.execute(sql`
    insert into funnel_daily_counts (day, metric, channel, count)
    values ((${at.toISOString()}::timestamptz at time zone ${timeZone})::date, ${metric}, ${channel ?? ""}, 1)
    on conflict (day, metric, channel) do update set count = funnel_daily_counts.count + 1`);
}

let networkKeySecret: string | undefined;

/** A network's rate-limit key, keyed with the app secret so the stored key names no address. */
function anonymousNetworkKey(clientIp: string): string {
  networkKeySecret ??= resolveAuthSecret(getEnv());
  return createHmac("sha256", networkKeySecret).update(`funnel:${networkKeyOf(clientIp)}`).digest("base64url").slice(0, 22);
}

async function isWithinLimit(kind: string, clientIp: string, rule: RateLimitRule): Promise<boolean> {
  const { allowed } = await consumeRateLimit(`funnel:${kind}:${anonymousNetworkKey(clientIp)}`, rule);
  return allowed;
}

type LandingVisit = {
  /** The referral code the visitor arrived with, unvalidated; null without one. */
  referralCode: string | null;
  via: ShareChannel | null;
  clientIp: string;
  at?: Date;
};

/**
 * Counts a landing page view: "with ref" when the code belongs to a listed member.
 * False when the network is over its hourly limit (nothing counted).
 */
export async function recordLandingVisit({ referralCode, via, clientIp, at }: LandingVisit): Promise<boolean> {
  if (!(await isWithinLimit("visit", clientIp, VISIT_LIMIT_PER_NETWORK))) return false;
  const hasValidRef = referralCode ? await isListedReferralCode(referralCode) : false;
  await countFunnelEvent(hasValidRef ? "visit_ref" : "visit", via, at);
  return true;
}

async function isListedReferralCode(code: string): Promise<boolean> {
  return (await getReferralCodeOwner(code.trim().toLowerCase())) !== null;
}

/** Counts one click of a share button. False when the network is over its hourly limit. */
export async function recordShareClick({ channel, clientIp, at }: { channel: ShareChannel; clientIp: string; at?: Date }): Promise<boolean> {
  if (!(await isWithinLimit("share", clientIp, SHARE_LIMIT_PER_NETWORK))) return false;
  await countFunnelEvent("share", channel, at);
  return true;
}
