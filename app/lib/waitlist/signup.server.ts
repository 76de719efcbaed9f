import { AppError } from "../errors";
import { referralsCredited, signups } from "../metrics.server";
import { networkKeyOf } from "../security/client-network.server";
import { consumeRateLimit } from "../security/rate-limit.server";
import { joinWaitlist, type JoinResult } from "./join.server";
import { countryOf, deviceClassOf } from "./signup-context";
import type { JoinInput } from "./waitlist.schema";

// Generous enough for a classroom behind one address, tight enough to stop a script.
export const SIGNUP_LIMIT_PER_NETWORK = { limit: 60, windowSeconds: 10 * 60 };

type SignupRequest = JoinInput & { clientIp: string; userAgent: string | null; referralCode: string | null };

/** The waitlist form's submission: rate-limited per network, then joined with coarse context. */
export async function signUpFromForm(request: SignupRequest): Promise<JoinResult> {
  const limit = await consumeRateLimit(`signup:network:${networkKeyOf(request.clientIp)}`, SIGNUP_LIMIT_PER_NETWORK);
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    throw new AppError("RATE_LIMITED", `Too many signups from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  }
  const result = await joinWaitlist({
    email: request.email,
    referralCode: request.referralCode,
    device: deviceClassOf(request.userAgent),
    country: countryOf({ language: request.language, timeZone: request.timeZone }),
  });
  signups.inc({ kind: result.isNewMember ? "new" : "returning" });
  if (result.isReferralCredited) referralsCredited.inc();
  return result;
}
