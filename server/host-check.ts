import type { Guard } from "./guards";
import { getEnv } from "~/kernel/env.server";

const LOOPBACK_HOSTNAMES = ["localhost", "127.0.0.1", "[::1]"];
// Probes (container health checks, a metrics scraper) call the server by its address,
// not its public name; these read-only, cookie-free endpoints answer any Host.
const PROBE_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * The Host headers this server answers to: PUBLIC_ORIGIN's host, and in local mail mode
 * (loopback only) also localhost, 127.0.0.1 and [::1] on the configured port.
 */
export function listAllowedHosts(env = getEnv()): string[] {
  const publicHost = new URL(env.origin).host;
  const loopback = env.isLocalMail ? LOOPBACK_HOSTNAMES.map((name) => `${name}:${env.PORT}`) : [];
  return [...new Set([publicHost, ...loopback])];
}

/** The Host header as the URL parser reads it (lower case, default port dropped), or null. */
function normalizeHost(host: string, protocol: string): string | null {
  if (!host || /[\s/\\?#@]/.test(host)) return null;
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}

/**
 * Whether this server serves a request with this Host header (probes excepted: see
 * PROBE_PATHS). The allowed names are read on the first call: server.js reports a bad
 * environment itself, at start-up.
 */
export function createHostCheck() {
  let allowed: { protocol: string; hosts: Set<string> } | undefined;
  return (hostHeader: string | undefined, method: string, path: string): boolean => {
    const env = getEnv();
    allowed ??= { protocol: new URL(env.origin).protocol, hosts: new Set(listAllowedHosts(env)) };
    const host = normalizeHost(hostHeader ?? "", allowed.protocol);
    const isProbe = (method === "GET" || method === "HEAD") && PROBE_PATHS.has(path);
    return Boolean(host && allowed.hosts.has(host)) || isProbe;
  };
}

/**
 * 421 for a request sent to a name this server does not serve, before anything else
 * runs. A DNS-rebinding page (evil.example resolving to 127.0.0.1) arrives with its own
 * Host header, so it can never read /dev/mailbox or ride on same-origin checks.
 */
export function misdirectedHostGuard(): Guard {
  const isServed = createHostCheck();
  return (req, _res, state) => {
    if (isServed(req.headers.host, req.method ?? "GET", state.path)) return;
    return { status: 421, text: "Misdirected request: unknown host.", closeConnection: true };
  };
}
