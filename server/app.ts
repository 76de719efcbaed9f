import { createRequestHandler } from "@react-router/express";
import express from "express";
import { getEnv } from "~/kernel/env.server";
import { readTrustProxy } from "./client-address";
import { createRequestGuards, guardRequests, requestStateOf } from "./guards";
import { JOIN_PATH, joinRoute, type JoinRouteLocals } from "./join-route";

export { boot, shutdown } from "~/lib/boot.server";
export { closeAllEventStreams } from "~/lib/realtime/settings-events.server";
export { applyStaticSecurityHeaders } from "./security-headers";

const strict = process.env.NODE_ENV !== "development";
// The one guard list (server/guards.ts), mounted once below.
const requestGuards = createRequestGuards({ strict, trustProxy: readTrustProxy() });

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
// Right before the handler: the body limit, last of the guards, counts what it reads.
app.use(guardRequests(requestGuards));
app.post(JOIN_PATH, joinRoute);
app.use(
  createRequestHandler({
    build,
    getLoadContext(req, res) {
      const { cspNonce, requestId, clientIp } = requestStateOf(req);
      return { cspNonce, requestId, clientIp, joinAnswer: (res.locals as JoinRouteLocals).joinAnswer };
    },
  }),
);
