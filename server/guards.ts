// The one list of request guards (host, request id, metrics, client address, security
// headers, cross-origin writes, body limit), as framework-free functions of Node's request
// and response. Express mounts the list once (`guardRequests`), in front of every route.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TrustProxy } from "~/kernel/http/trust-proxy.server";
import { requestContext } from "~/kernel/log.server";
import { bodyLimitGuard } from "./body-limit";
import { clientAddressGuard } from "./client-address";
import { crossOriginGuard } from "./cross-origin";
import { misdirectedHostGuard } from "./host-check";
import { requestIdGuard } from "./request-id";
import { requestMetricsGuard } from "./request-metrics";
import { securityHeadersGuard } from "./security-headers";

/** What the guards learnt of a request, for the handler (React Router's load context). */
export type RequestState = { path: string; requestId: string; clientIp: string; cspNonce: string };

/** A guard's answer to a request it refuses: sent as plain text, and nothing else runs. */
export type Refusal = { status: number; text: string; closeConnection?: boolean };

/** One check or header of every request: returns a refusal, or nothing to go on. */
export type Guard = (req: IncomingMessage, res: ServerResponse, state: RequestState) => Refusal | void | Promise<Refusal | void>;

/** The list, in its order; the body limit is last, right before the handler reads the body. */
export function createRequestGuards({ strict, trustProxy }: { strict: boolean; trustProxy: TrustProxy }): Guard[] {
  return [
    misdirectedHostGuard(),
    requestIdGuard,
    requestMetricsGuard,
    clientAddressGuard(trustProxy),
    securityHeadersGuard({ strict }),
    crossOriginGuard,
    bodyLimitGuard,
  ];
}

const guardedRequests = new WeakMap<IncomingMessage, RequestState>();

/** The path of a request's URL, as Express's `req.path` reads it. */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/** Sends a refusal as plain text, unless an answer has already begun. */
export function sendRefusal(res: ServerResponse, refusal: Refusal) {
  if (res.headersSent) return;
  const headers: Record<string, string | number> = { "Content-Type": "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(refusal.text) };
  if (refusal.closeConnection) headers.Connection = "close";
  res.writeHead(refusal.status, headers);
  res.end(refusal.text);
}

/**
 * Runs the guards over a request: the state for the handler, or null when a guard refused
 * it (and the refusal was sent).
 */
async function runRequestGuards(guards: Guard[], req: IncomingMessage, res: ServerResponse): Promise<RequestState | null> {
  const state: RequestState = { path: pathOf(req), requestId: "", clientIp: "", cspNonce: "" };
  for (const guard of guards) {
    const refusal = await guard(req, res, state);
    if (refusal) {
      sendRefusal(res, refusal);
      return null;
    }
  }
  guardedRequests.set(req, state);
  return state;
}

/** The state the guards gave a request (set for every request they let through). */
export function requestStateOf(req: IncomingMessage): RequestState {
  const state = guardedRequests.get(req);
  if (!state) throw new Error("request reached the app without its guards");
  return state;
}

/** The guard list as one Express middleware; the rest of the request runs with its id in the log context. */
export function guardRequests(guards: Guard[]) {
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    runRequestGuards(guards, req, res).then((state) => {
      if (state) requestContext.run({ requestId: state.requestId }, next);
    }, next);
  };
}
