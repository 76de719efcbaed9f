import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { requestContext } from "~/lib/log.server";

/** Ids given before the app saw the request (the join lane hands some requests over). */
export const assignedRequestIds = new WeakMap<IncomingMessage, string>();

/** One id per request: in the X-Request-Id header and on every log line written while serving it. */
export function assignRequestId(req: Request, res: Response, next: NextFunction) {
  const requestId = assignedRequestIds.get(req) ?? randomUUID();
  res.locals.requestId = requestId;
  res.setHeader("X-Request-Id", requestId);
  requestContext.run({ requestId }, next);
}
