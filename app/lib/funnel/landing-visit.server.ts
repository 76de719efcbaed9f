import { takeFlash } from "../flash.server";
import { readPendingReferral } from "../waitlist/visitor-cookies.server";
import { parseShareChannel, type ShareChannel } from "./channels";
import { isLandingPageView } from "./landing-visit";

type LandingVisitInput = { referralCode: string | null; via: ShareChannel | null };

/**
 * The landing page view a request is, or null when it is none (see isLandingPageView).
 * A referral link arrives here as the redirect that stripped its `ref` and `via`: the
 * root loader's "referral-applied" notice marks it, and the code and channel are in the
 * referral cookie it just set. No cookie is read or set for counting otherwise.
 */
export async function readLandingVisit(request: Request): Promise<LandingVisitInput | null> {
  if (!isLandingPageView(request)) return null;
  const { flash } = await takeFlash(request);
  if (flash === "referral-applied") {
    const referral = await readPendingReferral(request.headers.get("Cookie"));
    return { referralCode: referral?.code ?? null, via: referral?.via ?? null };
  }
  return { referralCode: null, via: parseShareChannel(new URL(request.url).searchParams.get("via")) };
}
