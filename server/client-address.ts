import type { IncomingMessage } from "node:http";
import type { Request } from "express";
import proxyAddr from "proxy-addr";
import { getEnv } from "~/lib/env.server";
import type { TrustProxy } from "~/lib/security/trust-proxy.server";

/**
 * TRUST_PROXY as Express's own "trust proxy" value, read when server/app.ts is imported.
 * A bad environment must not throw there: server.js reports it at start-up and never
 * listens, so meanwhile this trusts nothing.
 */
export function readTrustProxy(): TrustProxy {
  try {
    return getEnv().TRUST_PROXY;
  } catch {
    return false;
  }
}

/**
 * The client's exact address: the socket's peer, or the address the trusted proxies
 * forwarded (X-Forwarded-For, read from the right, stopping at the first untrusted hop).
 */
export function clientIpOf(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/**
 * `clientIpOf` for a request Express has not seen (the join lane): the same address,
 * from the same TRUST_PROXY value, the way Express derives `req.ip` from it.
 */
export function createClientAddressReader(trust: TrustProxy): (req: IncomingMessage) => string {
  const isTrusted = typeof trust === "number" ? (_address: string, hop: number) => hop < trust : proxyAddr.compile(trust || []);
  return (req) => proxyAddr(req, isTrusted) ?? req.socket.remoteAddress ?? "unknown";
}
