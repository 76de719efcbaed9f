#!/usr/bin/env node
// `npm run build`: builds the app into a fresh folder and switches `build` to it once
// complete (scripts/build-output.mjs, ADR 0037). `--if-changed` (what `npm start` runs)
// skips the build when its inputs' fingerprint matches the current build's.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { fingerprintInputs, isBuildCurrent, newBuildDir, swapInBuild } from "./build-output.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const fingerprint = fingerprintInputs(root);
if (process.argv.includes("--if-changed") && isBuildCurrent(root, fingerprint)) {
  console.log("build/ is current (its inputs have not changed): not building again");
  process.exit(0);
}

const dir = newBuildDir(root);
const env = { ...process.env, REACT_ROUTER_BUILD_DIR: dir };
function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) {
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    console.error(`${[command, ...args].join(" ")} failed: build/ is unchanged`);
    process.exit(result.status ?? 1);
  }
}
run(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"]);
run(process.execPath, [path.join(root, "scripts/precompress-assets.mjs")]);
swapInBuild(root, dir, fingerprint);
console.log(`build/ → ${path.relative(root, dir)}`);
