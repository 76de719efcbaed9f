import { AppError } from "../errors";
import type { ShareChannel } from "../funnel/channels";
import { referralsCredited, signups } from "../metrics.server";
import { householdNetworkOf, networkKeyOf } from "../security/client-network.server";
import { consumeRateLimit } from "../security/rate-limit.server";
import { joinWaitlist, type JoinResult } from "./join.server";
import { emailReturningMemberTheirLink, isMembersOwnBrowser } from "./returning-member.server";
import { countryOf, deviceClassOf } from "./signup-context";
import type { JoinInput } from "./waitlist.schema";

// Generous enough for a classroom behind one address, tight enough to stop a script.
export const SIGNUP_LIMIT_PER_NETWORK = { limit: 60, windowSeconds: 10 * 60 };

type SignupRequest = JoinInput & {
  clientIp: string;
  userAgent: string | null;
  referralCode: string | null;
  /** The share channel of the referral link. */
  via?: ShareChannel | null;
  /** Who this browser already is: the member who joined on it, the signed-in account. */
  seen: { deviceMemberId: string | null; signedInEmail: string | null };
};

export type SignupResult = JoinResult & {
  /** False for a returning member on someone else's browser: they got an e-mail instead. */
  isOwnBrowser: boolean;
};

/**
 * The waitlist form's submission: rate-limited per network, then joined with coarse
 * context. A returning member typed on a browser that is not theirs is e-mailed their
 * link rather than shown it.
 */
export async function signUpFromForm(request: SignupRequest): Promise<SignupResult> {
  const limit = await consumeRateLimit(`signup:network:${networkKeyOf(request.clientIp)}`, SIGNUP_LIMIT_PER_NETWORK);
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    throw new AppError("RATE_LIMITED", `Too many signups from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  }
  const result = await joinWaitlist({
    email: request.email,
    referralCode: request.referralCode,
    via: request.via ?? null,
    device: deviceClassOf(request.userAgent),
    network: householdNetworkOf(request.clientIp),
    deviceMemberId: request.seen.deviceMemberId,
    country: countryOf({ language: request.language, timeZone: request.timeZone }),
  });
  signups.inc({ kind: result.isNewMember ? "new" : "returning" });
  if (result.referral === "credited") referralsCredited.inc();
  const isOwnBrowser = result.isNewMember || isMembersOwnBrowser(result.member, request.seen);
  if (!isOwnBrowser) await emailReturningMemberTheirLink(result.member, request.clientIp);
  return { ...result, isOwnBrowser };
}
