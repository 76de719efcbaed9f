import { createRequestHandler, type ServerBuild } from "react-router";
import { createServer } from "vite";

/**
 * The app's route modules as the server runs them, loaded through Vite's dev server (no
 * build): what integration tests render pages with. No WebSocket server, so test files
 * that each load one can run side by side.
 */
export async function loadRouteServer(context: { cspNonce: string; requestId: string; clientIp: string }) {
  const vite = await createServer({
    root: process.cwd(),
    configFile: "vite.config.ts",
    appType: "custom",
    logLevel: "warn",
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    // Only server rendering happens here: no browser dependencies to optimise.
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  const handler = createRequestHandler(build, "development");
  return {
    build,
    handle: (request: Request) => handler(request, context),
    close: () => vite.close(),
  };
}
