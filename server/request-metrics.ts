import type { ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { httpRequestDuration, routeLabel } from "~/lib/metrics.server";

/**
 * Starts timing a request for Prometheus (route, method, status class); the returned
 * function names the response whose sending ends the timing.
 */
export function startRequestTimer(method: string, path: string): (res: ServerResponse) => void {
  const end = httpRequestDuration.startTimer();
  return (res) => {
    res.on("finish", () => {
      end({ route: routeLabel(path, res.statusCode), method, status: `${Math.floor(res.statusCode / 100)}xx` });
    });
  };
}

/** Times every response the app serves. */
export function recordRequestMetrics(req: Request, res: Response, next: NextFunction) {
  startRequestTimer(req.method, req.path)(res);
  next();
}
