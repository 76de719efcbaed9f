#!/usr/bin/env node
// `npm run test:e2e`: build the app (unless E2E_SKIP_BUILD=1), then run every
// tests/e2e/*.spec.ts with Node's built-in test runner, one file at a time.
// Extra arguments are passed to `node --test` (e.g. --test-name-pattern=Login).
// E2E_SPECS picks spec files (comma or space separated), e.g.
// E2E_SPECS=tests/e2e/auth.spec.ts npm run test:e2e
// Node 20's --test does not expand globs, so the file list is built here.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: process.env });
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("error", (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

if (process.env.E2E_SKIP_BUILD !== "1") {
  const built = await run(npm, ["run", "build"]);
  if (built !== 0) {
    console.error(`npm run build failed (exit ${built}): the end-to-end tests need a built app.`);
    console.log("# tests 0\n# pass 0\n# fail 1");
    process.exit(built);
  }
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(`${chromium} not found: install Debian's Chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  console.log("# tests 0\n# pass 0\n# fail 1");
  process.exit(1);
}

const allSpecs = fs
  .readdirSync(here)
  .filter((name) => name.endsWith(".spec.ts"))
  .sort()
  .map((name) => path.relative(root, path.join(here, name)));
const wanted = (process.env.E2E_SPECS ?? "").split(/[\s,]+/).filter(Boolean);
const unknown = wanted.filter((spec) => !allSpecs.includes(path.relative(root, path.resolve(root, spec))));
if (unknown.length > 0) {
  console.error(`E2E_SPECS names no spec file: ${unknown.join(", ")} (there are: ${allSpecs.join(", ")})`);
  console.log("# tests 0\n# pass 0\n# fail 1");
  process.exit(1);
}
const specs = wanted.length > 0 ? wanted.map((spec) => path.relative(root, path.resolve(root, spec))) : allSpecs;
if (specs.length === 0) {
  console.error("no tests/e2e/*.spec.ts files found");
  process.exit(1);
}

// The specs' servers copy one migrated and seeded database instead of each making its own
// (fixtures.ts, seededTemplate): the first server to start makes it here.
const templateRoot = fs.mkdtempSync(path.join(os.tmpdir(), "launchcrew-e2e-template-"));
process.env.E2E_TEMPLATE_DIR = path.join(templateRoot, "seeded");

const code = await run(process.execPath, [
  "--import",
  "tsx",
  "--test",
  "--test-concurrency=1",
  "--test-reporter=spec",
  ...process.argv.slice(2),
  ...specs,
]);
fs.rmSync(templateRoot, { recursive: true, force: true });
process.exit(code);
