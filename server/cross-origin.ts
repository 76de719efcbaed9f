import type { NextFunction, Request, Response } from "express";
import { getEnv } from "~/lib/env.server";
import { isCrossOriginWrite } from "~/lib/security/cross-origin";

/** CSRF protection for every state-changing request (docs/decisions/0002-csrf.md). */
export function rejectCrossOriginWrites(req: Request, res: Response, next: NextFunction) {
  const crossOrigin = isCrossOriginWrite({
    method: req.method,
    publicOrigin: getEnv().origin,
    origin: req.get("origin") ?? null,
    secFetchSite: req.get("sec-fetch-site") ?? null,
  });
  if (crossOrigin) {
    res.status(403).type("text/plain").send("Cross-origin request blocked.");
    return;
  }
  next();
}
