// One process serving HTTP: the whole server when it runs alone, or one worker of the
// cluster (see cluster-primary.js). Express serves the React Router app: in production
// the built bundle (build/server/index.js), with NODE_ENV=development Vite in middleware mode.
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";

const DEVELOPMENT = process.env.NODE_ENV === "development";

function skipEventStreams(req, res) {
  const type = res.getHeader("Content-Type");
  if (typeof type === "string" && type.startsWith("text/event-stream")) return false;
  return compression.filter(req, res);
}

// The build this process serves, resolved once: `build` is a link that `npm run build`
// switches to a new folder when a build completes (ADR 0037), and a running server keeps
// its own scripts and styles.
const BUILD_LINK = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "build");
const BUILD_DIR = DEVELOPMENT ? BUILD_LINK : fs.realpathSync(BUILD_LINK);

async function loadServerModule() {
  if (!DEVELOPMENT) return { module: await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href), vite: undefined };
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  return { module: await vite.ssrLoadModule("./server/app.ts"), vite };
}

const { module: serverModule, vite } = await loadServerModule();

let address;
try {
  address = serverModule.getListenAddress();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

await serverModule.boot();

const app = express();
app.disable("x-powered-by");
app.use(compression({ filter: skipEventStreams }));
if (vite) {
  app.use(vite.middlewares);
  app.use(async (req, res, next) => {
    try {
      const fresh = await vite.ssrLoadModule("./server/app.ts");
      return fresh.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // Built files get the security headers too (they are served before the app), set only
  // on a file actually served.
  const setHeaders = serverModule.applyStaticSecurityHeaders;
  // Built assets were compressed once at build time (scripts/precompress-assets.mjs):
  // brotli where the browser takes it, else gzip.
  app.use(
    "/assets",
    expressStaticGzip(path.join(BUILD_DIR, "client/assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      serveStatic: { immutable: true, maxAge: "1y", setHeaders },
    }),
  );
  app.use(express.static(path.join(BUILD_DIR, "client"), { maxAge: "1h", setHeaders }));
  app.use(serverModule.app);
}

const server = http.createServer(app).listen(address.port, address.host, () => {
  // A worker tells the primary, which says it once for the whole cluster.
  if (cluster.isWorker) {
    process.send({ type: "launchcrew:listening", address });
    return;
  }
  console.log(`Launchcrew listening on http://${address.host}:${address.port} (public origin ${address.origin})`);
  if (address.isLocalMail) {
    console.log(
      `Local mail mode (SMTP_URL unset): e-mails go to ${address.origin}/dev/mailbox, and the server listens on loopback only.`,
    );
  }
});

let stopping = false;
/** How long in-flight requests may take to finish after SIGTERM before connections are cut. */
const DRAIN_MS = 10_000;

// Graceful stop: refuse new connections, let requests in flight finish (an answered
// signup is in the database before its 2xx), then stop the background jobs and the database.
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received${cluster.isWorker ? ` by worker ${process.pid}` : ""}, finishing requests in flight`);
  // Event streams never finish by themselves; browsers reconnect to another process.
  serverModule.closeAllEventStreams();
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections?.();
  const drained = await Promise.race([closed.then(() => true), new Promise((resolve) => setTimeout(resolve, DRAIN_MS, false))]);
  if (!drained) server.closeAllConnections?.(); // long-lived event streams, or slow clients
  await serverModule.shutdown();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
