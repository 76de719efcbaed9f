// POST /join-waitlist, the one request a launch spike is made of, answered in front of
// Express and React Router (ADR 0038): the same guards, the same answer (answerJoinForm),
// a fraction of the work per request. Everything else, and any post the lane does not
// take, goes the usual way.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { hasSessionCookie } from "~/lib/auth/session-cookie";
import { getSessionUser } from "~/lib/auth/session.server";
import { getEnv } from "~/lib/env.server";
import { log, requestContext } from "~/lib/log.server";
import { answerJoinForm, type JoinAnswer } from "~/lib/waitlist/join/join-answer.server";
import { JOIN_ANSWER_JSON } from "~/lib/waitlist/join-form";
import { pageLanguage } from "~/lib/i18n/request-language.server";
import { joinWaitPage } from "~/lib/waitlist/join/join-wait-page.server";
import { MAX_BODY_BYTES } from "./body-limit";
import { runRequestGuards, type Guard, type RequestState } from "./guards";

export const JOIN_PATH = "/join-waitlist";
const FORM_TYPE = "application/x-www-form-urlencoded";

// A refusal a form post without JavaScript gets is a page. "Wait" (429, 503) is a small one
// written here, so a flood of refused posts stays cheap; any other refusal shows the form
// with its message: the lane hands the request over, with its answer, for the join route
// to render (its action reads it back).
const WAIT_STATUSES = new Set([429, 503]);
const handedOver = new WeakMap<IncomingMessage, JoinAnswer>();

/** The answer the join lane already gave this request, if it handed the request over. */
export function takeJoinHandover(req: IncomingMessage): JoinAnswer | undefined {
  const answer = handedOver.get(req);
  handedOver.delete(req);
  return answer;
}

/**
 * The bodies the lane reads: a form with a declared length (the guards have checked it
 * against the limit). Chunked or multipart posts go on to the app, guarded already, which
 * answers them as it always has.
 */
function isLaneBody(req: IncomingMessage): boolean {
  if (req.headers["transfer-encoding"] !== undefined) return false;
  const type = req.headers["content-type"]?.split(";", 1)[0]?.trim().toLowerCase();
  return type === FORM_TYPE && Number.isInteger(Number(req.headers["content-length"]));
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

function wantsJson(req: IncomingMessage): boolean {
  const accept = req.headers.accept ?? "";
  return accept.includes(JOIN_ANSWER_JSON) && !accept.includes("text/html");
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const json = JSON.stringify(body);
  res.writeHead(status, { ...headers, "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(json), "Cache-Control": "no-store" });
  res.end(json);
}

function sendWaitPage(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...headers, "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html), "Cache-Control": "no-store" });
  res.end(html);
}

async function signedInEmailOf(cookieHeader: string | undefined): Promise<string | null> {
  if (!hasSessionCookie(cookieHeader)) return null;
  const request = new Request(`${getEnv().origin}${JOIN_PATH}`, { headers: { Cookie: cookieHeader ?? "" } });
  return (await getSessionUser(request))?.email ?? null;
}

/**
 * Wraps the app's request listener with the join lane: `POST /join-waitlist` (exactly)
 * runs the app's own guard list here, then the route's answer; everything else goes to
 * the app untouched.
 */
export function withJoinLane(app: RequestListener, guards: Guard[]): RequestListener {
  async function answer(req: IncomingMessage, res: ServerResponse, state: RequestState) {
    const body = await readBody(req);
    const cookieHeader = req.headers.cookie;
    const language = pageLanguage({ url: req.url ?? "/", cookieHeader, acceptLanguage: req.headers["accept-language"] });
    const joinAnswer = await requestContext.run({ requestId: state.requestId }, async () =>
      answerJoinForm(new URLSearchParams(body), {
        clientIp: state.clientIp,
        userAgent: req.headers["user-agent"] ?? null,
        siteLanguage: language,
        cookieHeader: cookieHeader ?? null,
        signedInEmail: await signedInEmailOf(cookieHeader),
        requestId: state.requestId,
      }),
    );
    const json = wantsJson(req);
    if (!json && joinAnswer.kind === "refused" && WAIT_STATUSES.has(joinAnswer.status)) {
      sendWaitPage(res, joinAnswer.status, joinWaitPage({ language, message: joinAnswer.data.formError ?? "" }), joinAnswer.headers);
      return;
    }
    if (!json && joinAnswer.kind === "refused") {
      handedOver.set(req, joinAnswer);
      app(req, res);
      return;
    }
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

  async function take(req: IncomingMessage, res: ServerResponse) {
    const state = await runRequestGuards(guards, req, res);
    if (!state) return;
    if (isLaneBody(req)) await answer(req, res, state);
    else app(req, res);
  }

  return (req, res) => {
    if (req.method !== "POST" || req.url !== JOIN_PATH) {
      app(req, res);
      return;
    }
    take(req, res).catch((error: unknown) => {
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
