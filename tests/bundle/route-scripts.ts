// What a first visit to a route downloads in JavaScript, read from a production build's
// React Router manifest: the client entry, the root route and the route's own module, with
// everything they import, each file counted once, compressed as our server sends it (the
// brotli copies `scripts/precompress-assets.mjs` writes; every browser asks for brotli).
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

type ManifestEntry = { module: string; imports?: string[] };
type Manifest = { entry: ManifestEntry; routes: Record<string, ManifestEntry & { parentId?: string }> };

export function readManifest(clientDir: string): Manifest {
  const assets = path.join(clientDir, "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${assets}`);
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

/** The script files a first visit to `routeId` loads (with its parents up to root). */
export function routeScripts(manifest: Manifest, routeId: string): string[] {
  const files = new Set<string>();
  const add = (entry: ManifestEntry) => [entry.module, ...(entry.imports ?? [])].forEach((file) => files.add(file));
  add(manifest.entry);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the manifest`);
    add(route);
  }
  return [...files];
}

/** Brotli-compressed bytes of those files, at the quality the server's copies use. */
export function compressedBytes(clientDir: string, files: string[]): number {
  const brotli = (content: Buffer) => brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return files.reduce((sum, file) => sum + brotli(fs.readFileSync(path.join(clientDir, file))), 0);
}
