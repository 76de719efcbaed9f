import { getEnv } from "../../kernel/env.server";
import { openToken, sealToken } from "../security/signed-token.server";

// The claim link in the winner e-mail (ADR 0043): "<member id>.<YYYY-MM>.<HMAC>", good for
// one purpose only (the prefix in the signed text), one member and one season. The link's
// expiry is kept on the claim row, so it needs no clock here and works without cookies.

const SEASON_PARAM = /^\d{4}-(0[1-9]|1[0-2])$/;
const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const PURPOSE = "prize-claim";

/** `season` is the season's first day (YYYY-MM-01). */
export function createPrizeClaimToken(memberId: string, season: string): string {
  const seasonParam = season.slice(0, 7);
  return sealToken(PURPOSE, `${memberId}.${seasonParam}`);
}

/** The member and season (YYYY-MM-01) a token was made for, or null when we did not make it. */
export function readPrizeClaimToken(token: string): { memberId: string; season: string } | null {
  const [memberId, seasonParam, ...rest] = openToken(PURPOSE, token)?.split(".") ?? [];
  if (!memberId || !seasonParam || rest.length > 0) return null;
  if (!MEMBER_ID.test(memberId) || !SEASON_PARAM.test(seasonParam)) return null;
  return { memberId, season: `${seasonParam}-01` };
}

export function prizeClaimUrl(memberId: string, season: string): string {
  return `${getEnv().origin}/claim-prize?${new URLSearchParams({ token: createPrizeClaimToken(memberId, season) })}`;
}
