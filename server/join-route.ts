// POST /join-waitlist as the page posts it without JavaScript — the one request a launch
// spike is made of — answered by an ordinary route of the one Express app, behind the one
// guard list, without React Router's per-request work (ADR 0074): the same answer as the
// join route's action (answerJoinForm). A refusal that shows the form again is rendered by
// React Router from the answer given here (the load context's joinAnswer); any post this
// route does not take goes on, unread, to the action.
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { hasSessionCookie } from "~/lib/auth/session-cookie";
import { getSessionUser } from "~/lib/auth/session.server";
import { getEnv } from "~/kernel/env.server";
import { log } from "~/kernel/log.server";
import { pageLanguage } from "~/lib/i18n/request-language.server";
import { answerJoinForm, type JoinAnswer } from "~/lib/waitlist/join/join-answer.server";
import { joinWaitPage } from "~/lib/waitlist/join/join-wait-page.server";
import { MAX_BODY_BYTES } from "./body-limit";
import { requestStateOf } from "./guards";

export const JOIN_PATH = "/join-waitlist";
const FORM_TYPE = "application/x-www-form-urlencoded";

// "Wait" (429, 503) is a small page written here, so a flood of refused posts stays cheap (ADR 0064).
const WAIT_STATUSES = new Set([429, 503]);

/** Where a refusal this route gave waits for the page to show it (Express's own per-request store). */
export type JoinRouteLocals = { joinAnswer?: JoinAnswer };

/**
 * The posts this route reads: exactly this path, a form with a declared length (the
 * guards have checked it against the limit). A query string, a chunked or multipart body
 * goes on to the action, which answers it as it always has.
 */
function isRouteBody(req: IncomingMessage): boolean {
  if (req.url !== JOIN_PATH || req.headers["transfer-encoding"] !== undefined) return false;
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

async function signedInEmailOf(cookieHeader: string | undefined): Promise<string | null> {
  if (!hasSessionCookie(cookieHeader)) return null;
  const request = new Request(`${getEnv().origin}${JOIN_PATH}`, { headers: { Cookie: cookieHeader ?? "" } });
  return (await getSessionUser(request))?.email ?? null;
}

async function answerJoinPost(req: Request, res: Response<unknown, JoinRouteLocals>, next: NextFunction) {
  const { clientIp, requestId } = requestStateOf(req);
  const cookieHeader = req.headers.cookie;
  const language = pageLanguage({ url: req.url, cookieHeader, acceptLanguage: req.headers["accept-language"] });
  const answer = await answerJoinForm(new URLSearchParams(await readBody(req)), {
    clientIp,
    userAgent: req.headers["user-agent"] ?? null,
    siteLanguage: language,
    cookieHeader: cookieHeader ?? null,
    signedInEmail: await signedInEmailOf(cookieHeader),
    requestId,
  });
  if (answer.kind === "refused" && WAIT_STATUSES.has(answer.status)) {
    res.set({ ...answer.headers, "Cache-Control": "no-store" });
    res.status(answer.status).type("html").send(joinWaitPage({ language, message: answer.data.formError ?? "" }));
    return;
  }
  if (answer.kind === "refused") {
    res.locals.joinAnswer = answer;
    next();
    return;
  }
  res.setHeader("Set-Cookie", answer.setCookies);
  res.writeHead(302, { Location: answer.location, "Content-Length": 0 });
  res.end();
}

/** The route's handler, for `app.post(JOIN_PATH, …)`. */
export function joinRoute(req: Request, res: Response<unknown, JoinRouteLocals>, next: NextFunction) {
  if (!isRouteBody(req)) {
    next();
    return;
  }
  answerJoinPost(req, res, next).catch((error: unknown) => {
    // A body cut off by the client, or a bug: answerJoinForm itself never throws.
    if (req.destroyed || res.headersSent) {
      res.destroy();
      return;
    }
    log.error("join route failed", { error });
    res.status(500).type("text").send("Something went wrong.");
  });
}
