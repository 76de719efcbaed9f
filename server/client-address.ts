import type { IncomingMessage } from "node:http";
import proxyAddr from "proxy-addr";
import { getEnv } from "~/kernel/env.server";
import type { TrustProxy } from "~/kernel/http/trust-proxy.server";
import type { Guard } from "./guards";

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
 * forwarded (X-Forwarded-For, read from the right, stopping at the first untrusted hop),
 * the way Express derives `req.ip` from the same TRUST_PROXY value.
 */
export function createClientAddressReader(trust: TrustProxy): (req: IncomingMessage) => string {
  const isTrusted = typeof trust === "number" ? (_address: string, hop: number) => hop < trust : proxyAddr.compile(trust || []);
  return (req) => proxyAddr(req, isTrusted) ?? req.socket.remoteAddress ?? "unknown";
}

export function clientAddressGuard(trust: TrustProxy): Guard {
  const clientAddressOf = createClientAddressReader(trust);
  return (req, _res, state) => {
    state.clientIp = clientAddressOf(req);
  };
}
