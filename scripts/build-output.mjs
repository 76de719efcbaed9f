// Where a build goes and when one is needed (ADR 0037). Each build is written to a fresh
// folder, .builds/<id>/build, and only once complete does `build` (a symbolic link)
// switch to it, in one rename: a server already running keeps the build it started with
// (server/http-process.js resolves the link once), and `npm start` skips the build when
// the fingerprint of its inputs matches the one recorded with the current build.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** What a build reads: sources, public files, the lockfile and the build's configuration. */
export const BUILD_INPUTS = [
  "app",
  "server",
  "db/schema",
  "public",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
  "scripts/build.mjs",
  "scripts/build-output.mjs",
  "scripts/precompress-assets.mjs",
];
// Tests beside the code are not part of the app.
const NOT_BUILT = /\.test\.tsx?$/;
export const FINGERPRINT_FILE = ".fingerprint";
export const BUILDS_DIR = ".builds";
/** Builds kept besides the current one, for servers started from them. */
export const KEPT_PREVIOUS_BUILDS = 2;

function listFiles(root, relative, files) {
  const full = path.join(root, relative);
  let stat;
  try {
    stat = fs.statSync(full);
  } catch {
    return; // an input that does not exist (yet) counts as absent
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(full).sort()) listFiles(root, path.join(relative, name), files);
  } else if (!NOT_BUILT.test(relative)) {
    files.push(relative);
  }
}

/** A sha256 over the build inputs' paths and contents (and the Node major version). */
export function fingerprintInputs(root, inputs = BUILD_INPUTS) {
  const files = [];
  for (const input of inputs) listFiles(root, input, files);
  const hash = createHash("sha256");
  hash.update(`node ${process.versions.node.split(".")[0]}\n`);
  for (const file of files) {
    hash.update(`${file.split(path.sep).join("/")}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** The fingerprint recorded with the current build, or null (no complete build). */
export function readCurrentFingerprint(root) {
  try {
    return fs.readFileSync(path.join(root, "build", FINGERPRINT_FILE), "utf8").trim() || null;
  } catch {
    return null;
  }
}

export function isBuildCurrent(root, fingerprint) {
  return readCurrentFingerprint(root) === fingerprint && fs.existsSync(path.join(root, "build", "server", "index.js"));
}

/** A fresh, empty folder for the next build: .builds/<id>/build. */
export function newBuildDir(root) {
  const id = `${new Date().toISOString().replace(/[-:.]/g, "").slice(0, 15)}-${process.pid}-${Math.random().toString(36).slice(2, 6)}`;
  const dir = path.join(root, BUILDS_DIR, id, "build");
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  return dir;
}

/**
 * Records `fingerprint` with the complete build in `dir`, then points `build` at it in one
 * rename (a link replaces a link atomically). A `build` folder from before (a real
 * directory) is moved into .builds first. Older builds beyond the kept ones are removed.
 */
export function swapInBuild(root, dir, fingerprint) {
  fs.writeFileSync(path.join(dir, FINGERPRINT_FILE), `${fingerprint}\n`);
  const link = path.join(root, "build");
  const stat = fs.lstatSync(link, { throwIfNoEntry: false });
  if (stat && !stat.isSymbolicLink()) {
    const legacy = path.join(root, BUILDS_DIR, `legacy-${Date.now()}`);
    fs.mkdirSync(legacy, { recursive: true });
    fs.renameSync(link, path.join(legacy, "build"));
  }
  const temporary = path.join(root, `.build-link-${process.pid}`);
  fs.rmSync(temporary, { force: true });
  fs.symlinkSync(path.relative(root, dir), temporary, "dir");
  fs.renameSync(temporary, link);
  pruneBuilds(root, path.dirname(dir));
}

/** Removes all but the current build and the newest KEPT_PREVIOUS_BUILDS others. */
export function pruneBuilds(root, currentBuildFolder) {
  const builds = path.join(root, BUILDS_DIR);
  const others = fs
    .readdirSync(builds)
    .map((name) => path.join(builds, name))
    .filter((folder) => path.resolve(folder) !== path.resolve(currentBuildFolder))
    .map((folder) => ({ folder, time: fs.statSync(folder).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { folder } of others.slice(KEPT_PREVIOUS_BUILDS)) fs.rmSync(folder, { recursive: true, force: true });
}
