import { createRequestHandler } from "@react-router/express";
import express from "express";
import { getEnv } from "~/lib/env.server";
import { securityHeaders } from "./security-headers";
import { rejectCrossOriginWrites } from "./cross-origin";
import { assignRequestId } from "./request-id";
import { recordRequestMetrics } from "./request-metrics";
import { rejectMisdirectedHosts } from "./host-check";
import { limitRequestBodies } from "./body-limit";
import { clientIpOf, readTrustProxy } from "./client-address";
import { takeJoinHandover } from "./join-lane";

export { boot, shutdown } from "~/lib/boot.server";
export { closeAllEventStreams } from "~/lib/realtime/settings-events.server";
export { staticSecurityHeaders } from "./security-headers";
export { withJoinLane } from "./join-lane";

/** Where to listen; throws with a readable message when the configuration is unsafe. */
export function getListenAddress() {
  const env = getEnv();
  return { host: env.host, port: env.PORT, isLocalMail: env.isLocalMail, origin: env.origin };
}

// The build itself, not a function returning it: given a function, React Router rebuilds
// its route tree on every request (a tenth of a sign-up's CPU under load). Development
// asks Vite for this module on every request (server/http-process.js), and Vite evaluates
// it again after an edit. Imported dynamically so the routes stay a chunk of their own,
// which tools read without the server.
const build = await import("virtual:react-router/server-build");

export const app = express();

app.disable("x-powered-by");
// Express's own value, not a function: @react-router/express takes the port from
// X-Forwarded-Host whenever "trust proxy" is enabled, and a function always counts as enabled.
app.set("trust proxy", readTrustProxy());
app.use(rejectMisdirectedHosts());
app.use(assignRequestId);
app.use(recordRequestMetrics);
app.use(securityHeaders({ strict: process.env.NODE_ENV !== "development" }));
app.use(rejectCrossOriginWrites);
// Last before the handler (see limitRequestBodies).
app.use(limitRequestBodies);
app.use(
  createRequestHandler({
    build,
    getLoadContext(req, res) {
      return {
        cspNonce: res.locals.cspNonce as string,
        requestId: res.locals.requestId as string,
        clientIp: clientIpOf(req),
        joinAnswer: takeJoinHandover(req),
      };
    },
  }),
);
