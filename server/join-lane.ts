// POST /join-waitlist, the one request a launch spike is made of, answered in front of
// Express and React Router (ADR 0030): the same guards, the same answer (answerJoinForm),
// a fraction of the work per request. Everything else, and any post the lane does not
// take, goes the usual way.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { hasSessionCookie } from "~/lib/auth/session-cookie";
import { getSessionUser } from "~/lib/auth/session.server";
import { getEnv } from "~/lib/env.server";
import { log, requestContext } from "~/lib/log.server";
import { isCrossOriginWrite } from "~/lib/security/cross-origin";
import { answerJoinForm, type JoinAnswer, type JoinVisitor } from "~/lib/waitlist/join-answer.server";
import { JOIN_ANSWER_JSON } from "~/lib/waitlist/join-form";
import { MAX_BODY_BYTES } from "./body-limit";
import { createClientAddressReader, readTrustProxy } from "./client-address";
import { createHostCheck } from "./host-check";
import { assignedRequestIds } from "./request-id";
import { startRequestTimer } from "./request-metrics";
import { applySecurityHeaders } from "./security-headers";

export const JOIN_PATH = "/join-waitlist";
const FORM_TYPE = "application/x-www-form-urlencoded";

// A refusal a form post without JavaScript gets is a page: the lane hands the request
// over, with its answer, for the join route to render (its action reads it back).
const handedOver = new WeakMap<IncomingMessage, JoinAnswer>();

/** The answer the join lane already gave this request, if it handed the request over. */
export function takeJoinHandover(req: IncomingMessage): JoinAnswer | undefined {
  const answer = handedOver.get(req);
  handedOver.delete(req);
  return answer;
}

/**
 * The posts the lane takes: a form to exactly /join-waitlist with a declared body within
 * the app's limit. Chunked, multipart, oversized or differently addressed posts go the
 * usual way, which answers them as it always has.
 */
function isLanePost(req: IncomingMessage): boolean {
  if (req.method !== "POST" || req.url !== JOIN_PATH || req.headers["transfer-encoding"] !== undefined) return false;
  const type = req.headers["content-type"]?.split(";", 1)[0]?.trim().toLowerCase();
  const length = Number(req.headers["content-length"]);
  return type === FORM_TYPE && Number.isInteger(length) && length <= MAX_BODY_BYTES;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => (size <= MAX_BODY_BYTES ? resolve(Buffer.concat(chunks).toString("utf8")) : reject(new Error("request body over its limit"))));
    req.on("error", reject);
  });
}

function firstOf(header: string | string[] | undefined): string | null {
  return (Array.isArray(header) ? header[0] : header) ?? null;
}

function wantsJson(req: IncomingMessage): boolean {
  const accept = req.headers.accept ?? "";
  return accept.includes(JOIN_ANSWER_JSON) && !accept.includes("text/html");
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const json = JSON.stringify(body);
  res.writeHead(status, { ...headers, "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(json), "Cache-Control": "no-store" });
  res.end(json);
}

async function signedInEmailOf(cookieHeader: string | undefined): Promise<string | null> {
  if (!hasSessionCookie(cookieHeader)) return null;
  const request = new Request(`${getEnv().origin}${JOIN_PATH}`, { headers: { Cookie: cookieHeader ?? "" } });
  return (await getSessionUser(request))?.email ?? null;
}

/** Wraps the app's request listener with the join lane. */
export function withJoinLane(app: RequestListener, { strict = process.env.NODE_ENV !== "development" } = {}): RequestListener {
  const isServedHost = createHostCheck();
  const clientAddressOf = createClientAddressReader(readTrustProxy());

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const timed = startRequestTimer("POST", JOIN_PATH);
    const requestId = randomUUID();
    const body = await readBody(req);
    const cookieHeader = req.headers.cookie;
    const visitor: JoinVisitor = {
      clientIp: clientAddressOf(req),
      userAgent: req.headers["user-agent"] ?? null,
      cookieHeader: cookieHeader ?? null,
      signedInEmail: null,
      requestId,
    };
    const joinAnswer = await requestContext.run({ requestId }, async () =>
      answerJoinForm(new URLSearchParams(body), { ...visitor, signedInEmail: await signedInEmailOf(cookieHeader) }),
    );
    const json = wantsJson(req);
    if (!json && joinAnswer.kind === "refused") {
      handedOver.set(req, joinAnswer);
      assignedRequestIds.set(req, requestId);
      app(req, res);
      return;
    }
    timed(res);
    applySecurityHeaders(res, { strict, path: JOIN_PATH, cookieHeader });
    res.setHeader("X-Request-Id", requestId);
    if (joinAnswer.kind === "refused") {
      sendJson(res, joinAnswer.status, joinAnswer.data, joinAnswer.headers);
      return;
    }
    res.setHeader("Set-Cookie", joinAnswer.setCookies);
    if (json) {
      sendJson(res, 200, { redirect: joinAnswer.location });
      return;
    }
    res.writeHead(302, { Location: joinAnswer.location, "Content-Length": 0 });
    res.end();
  }

  return (req, res) => {
    const isLane =
      isLanePost(req) &&
      isServedHost(req.headers.host, "POST", JOIN_PATH) &&
      !isCrossOriginWrite({ method: "POST", publicOrigin: getEnv().origin, origin: req.headers.origin ?? null, secFetchSite: firstOf(req.headers["sec-fetch-site"]) });
    if (!isLane) {
      app(req, res);
      return;
    }
    answer(req, res).catch((error: unknown) => {
      // A body cut off by the client, or a bug: answerJoinForm itself never throws.
      if (req.destroyed || res.headersSent) {
        res.destroy();
        return;
      }
      log.error("join lane failed", { error });
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Something went wrong.");
    });
  };
}
