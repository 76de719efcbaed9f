import { randomUUID } from "node:crypto";
import type { Guard } from "./guards";

/** One id per request: in the X-Request-Id header and on every log line written while serving it. */
export const requestIdGuard: Guard = (_req, res, state) => {
  state.requestId = randomUUID();
  res.setHeader("X-Request-Id", state.requestId);
};
