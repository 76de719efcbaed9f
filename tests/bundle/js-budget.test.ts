// Issue 16's JavaScript budget, from a real production build (deterministic: sizes, not
// timings). A page whose route says `handle.hydrate = false` ships no script at all; the
// others download the client entry, the root and their own module with its imports.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressedBytes, readManifest, routeScripts } from "./route-scripts";

/** First-load compressed JavaScript allowed per page, in KB (issue 16). */
const CONTENT_PAGE_BUDGET_KB = 20;
/** Home, the heaviest public page (the trailer player and the join form), and every other hydrated one. */
const HYDRATED_PAGE_BUDGET_KB = 120;
const CONTENT_PAGES = ["routes/faq", "routes/privacy", "routes/terms", "routes/rewards", "routes/product", "routes/not-found", "routes/hall-of-fame"];
const HYDRATED_PUBLIC_PAGES = ["routes/_index", "routes/join-waitlist", "routes/leaderboard", "routes/trailer", "routes/contact", "routes/thank-you"];

/** Strings each library's bundled code carries (error texts and markers that minifiers keep). */
const HEAVY_LIBRARIES: [string, string][] = [
  ["Zod", "$ZodType"],
  ["Radix", "radix"],
  ["recharts", "recharts"],
  ["Tiptap", "ProseMirror"],
];

const root = path.resolve(import.meta.dirname, "../..");
let buildDir: string;
let serverRoutes: Record<string, { module: { handle?: { hydrate?: boolean } } }>;

beforeAll(async () => {
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchcrew-budget-"));
  execFileSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", REACT_ROUTER_BUILD_DIR: buildDir },
    stdio: "pipe",
  });
  // React Router's server build says which routes hydrate (their handles); nothing is started.
  const assets = path.join(buildDir, "server/assets");
  const serverBuild = fs.readdirSync(assets).find((name) => name.startsWith("server-build-"));
  if (!serverBuild) throw new Error(`no server build in ${assets}`);
  serverRoutes = (await import(pathToFileURL(path.join(assets, serverBuild)).href)).routes;
}, 240_000);

afterAll(() => {
  if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true });
});

function firstLoadKb(routeId: string): number {
  if (serverRoutes[routeId]?.module.handle?.hydrate === false) return 0;
  const clientDir = path.join(buildDir, "client");
  return compressedBytes(clientDir, routeScripts(readManifest(clientDir), routeId)) / 1024;
}

describe("JavaScript budget of the public pages", () => {
  it.each(CONTENT_PAGES)(`%s ships no hydration script (within ${CONTENT_PAGE_BUDGET_KB} KB)`, (routeId) => {
    expect(serverRoutes[routeId]?.module.handle?.hydrate, `${routeId} should declare handle.hydrate = false`).toBe(false);
    expect(firstLoadKb(routeId)).toBeLessThanOrEqual(CONTENT_PAGE_BUDGET_KB);
  });

  it.each(HYDRATED_PUBLIC_PAGES)("%s stays within its first-load budget and loads no Zod, Radix, recharts or Tiptap", (routeId) => {
    expect(firstLoadKb(routeId)).toBeLessThanOrEqual(HYDRATED_PAGE_BUDGET_KB);
    const clientDir = path.join(buildDir, "client");
    const source = routeScripts(readManifest(clientDir), routeId)
      .map((file) => fs.readFileSync(path.join(clientDir, file), "utf8"))
      .join("\n");
    for (const [library, marker] of HEAVY_LIBRARIES) expect(source, `${routeId} loads ${library}`).not.toContain(marker);
  });

  it("the interactive pages share one root bundle and load only their own code on top", () => {
    const rootKb = firstLoadKb("root");
    for (const routeId of HYDRATED_PUBLIC_PAGES) {
      const kb = firstLoadKb(routeId);
      expect(kb, `${routeId} hydrates`).toBeGreaterThan(0);
      expect(kb).toBeGreaterThanOrEqual(rootKb);
    }
    // The figures, for the closing note and for spotting a page that grew.
    console.info(HYDRATED_PUBLIC_PAGES.map((routeId) => `${routeId}: ${firstLoadKb(routeId).toFixed(1)} KB`).join(", "));
  });
});
