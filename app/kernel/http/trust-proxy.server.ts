import proxyAddr from "proxy-addr";
import { z } from "zod";

/** Express's own "trust proxy" values: trust nothing, a hop count, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

const MAX_HOPS = 10;

const TRUST_ALL_REFUSED =
  '"true" is refused: it trusts every hop, so any client could pick its own address with X-Forwarded-For ' +
  "and walk past the rate limits. Give the number of proxies in front of the app (e.g. 1) or their " +
  "addresses (e.g. loopback or 10.0.0.0/8) instead.";

/**
 * TRUST_PROXY: unset or "false" trusts no proxy (the socket's peer is the client); "1".."10"
 * trusts that many hops; anything else is a comma-separated list of proxy addresses, CIDR
 * ranges or proxy-addr's names (loopback, linklocal, uniquelocal), checked here so a typo
 * stops the start instead of trusting something else.
 */
export const TrustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = raw?.trim() ?? "";
    if (value === "" || value.toLowerCase() === "false") return false;
    if (value.toLowerCase() === "true") {
      ctx.addIssue({ code: "custom", message: TRUST_ALL_REFUSED });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= MAX_HOPS) return hops;
      ctx.addIssue({ code: "custom", message: `a hop count is 1 to ${MAX_HOPS} (leave TRUST_PROXY unset to trust no proxy), got ${value}` });
      return z.NEVER;
    }
    const proxies = value.split(",").map((entry) => entry.trim());
    try {
      proxyAddr.compile(proxies);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      ctx.addIssue({
        code: "custom",
        message: `${reason} (expected a hop count, or proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal, comma-separated)`,
      });
      return z.NEVER;
    }
    return proxies;
  });
