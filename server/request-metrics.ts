import type { ServerResponse } from "node:http";
import { httpRequestDuration, routeLabel } from "~/lib/metrics.server";
import type { Guard } from "./guards";

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
export const requestMetricsGuard: Guard = (req, res, state) => {
  startRequestTimer(req.method ?? "GET", state.path)(res);
};
