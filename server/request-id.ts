import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { requestContext } from "~/lib/log.server";

/** One id per request: in the X-Request-Id header and on every log line written while serving it. */
export function assignRequestId(_req: Request, res: Response, next: NextFunction) {
  const requestId = randomUUID();
  res.locals.requestId = requestId;
  res.setHeader("X-Request-Id", requestId);
  requestContext.run({ requestId }, next);
}
