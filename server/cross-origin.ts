import type { NextFunction, Request, Response } from "express";
import { getEnv } from "~/lib/env.server";
import { isCrossOriginWrite } from "~/lib/security/cross-origin";

/** CSRF protection for every state-changing request (docs/decisions/0002-csrf.md). */
export function rejectCrossOriginWrites(req: Request, res: Response, next: NextFunction) {
  // The embeddable form posts from other websites on purpose; its endpoint reads no
  // cookies and answers only the websites an admin allowed (app/routes/api/embed.ts).
  if (req.path === "/api/embed/join") return next();
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
