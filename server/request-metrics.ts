import type { NextFunction, Request, Response } from "express";
import { httpRequestDuration, routeLabel } from "~/lib/metrics.server";

/** Times every response for Prometheus (route, method, status class). */
export function recordRequestMetrics(req: Request, res: Response, next: NextFunction) {
  const end = httpRequestDuration.startTimer();
  res.on("finish", () => {
    end({ route: routeLabel(req.path, res.statusCode), method: req.method, status: `${Math.floor(res.statusCode / 100)}xx` });
  });
  next();
}
