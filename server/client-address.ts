import type { Request } from "express";
import { getEnv } from "~/lib/env.server";
import { compileTrustProxy, type TrustProxy } from "~/lib/security/trust-proxy.server";

/**
 * Express's "trust proxy" test for TRUST_PROXY. Read on the first request: server.js
 * reports a bad environment itself, at start-up, instead of crashing on import.
 */
export function trustedProxies(readTrust: () => TrustProxy = () => getEnv().TRUST_PROXY) {
  let isTrusted: ((address: string, hop: number) => boolean) | undefined;
  return (address: string, hop: number) => {
    isTrusted ??= compileTrustProxy(readTrust());
    return isTrusted(address, hop);
  };
}

/**
 * The client's exact address: the socket's peer, or the address the trusted proxies
 * forwarded (X-Forwarded-For, read from the right, stopping at the first untrusted hop).
 */
export function clientIpOf(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}
