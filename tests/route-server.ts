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

/** Every route of the app whose path has no parameter, as a visitor would type it. */
export function staticRoutePaths(build: ServerBuild): string[] {
  const fullPath = (id: string): string => {
    const route = build.routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const paths = Object.keys(build.routes).map((id) => `/${fullPath(id)}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1"));
  return [...new Set(paths)].filter((path) => !/[:*]/.test(path)).sort();
}
