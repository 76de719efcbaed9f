import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fingerprintInputs, isBuildCurrent, KEPT_PREVIOUS_BUILDS, newBuildDir, swapInBuild } from "./build-output.mjs";

let root: string;

function write(relative: string, content: string) {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), content);
}

/** What `npm run build` leaves in a fresh folder: a server bundle and one hashed asset. */
function fakeBuild(asset: string): string {
  const dir: string = newBuildDir(root);
  fs.mkdirSync(path.join(dir, "server"), { recursive: true });
  fs.mkdirSync(path.join(dir, "client", "assets"), { recursive: true });
  fs.writeFileSync(path.join(dir, "server", "index.js"), "export {};\n");
  fs.writeFileSync(path.join(dir, "client", "assets", asset), `/* ${asset} */`);
  return dir;
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "launchcrew-build-"));
  write("app/root.tsx", "export default 1;\n");
  write("app/lib/rule.ts", "export const x = 1;\n");
  write("app/lib/rule.test.ts", "test\n");
  write("package-lock.json", "{}\n");
  write("vite.config.ts", "export default {};\n");
  write("README.md", "docs\n");
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the build fingerprint", () => {
  it("is the same for unchanged inputs and changes with a source, the lockfile or the config", () => {
    const first = fingerprintInputs(root);
    expect(fingerprintInputs(root)).toBe(first);
    for (const [file, content] of [
      ["app/lib/rule.ts", "export const x = 2;\n"],
      ["package-lock.json", '{"v":2}\n'],
      ["vite.config.ts", "export default { a: 1 };\n"],
      ["app/lib/new-file.ts", "export {};\n"],
    ] as const) {
      const before = fingerprintInputs(root);
      write(file, content);
      expect(fingerprintInputs(root), file).not.toBe(before);
    }
  });

  it("ignores files that are not built: tests beside the code, docs", () => {
    const first = fingerprintInputs(root);
    write("app/lib/rule.test.ts", "another test\n");
    write("README.md", "more docs\n");
    expect(fingerprintInputs(root)).toBe(first);
  });
});

describe("switching to a new build", () => {
  it("counts a build as current only once it is complete and its inputs are unchanged", () => {
    const fingerprint = fingerprintInputs(root);
    expect(isBuildCurrent(root, fingerprint)).toBe(false);
    const dir = fakeBuild("entry-a.js");
    expect(isBuildCurrent(root, fingerprint), "a build still being written is not current").toBe(false);
    swapInBuild(root, dir, fingerprint);
    expect(isBuildCurrent(root, fingerprint)).toBe(true);
    write("app/lib/rule.ts", "export const x = 3;\n");
    expect(isBuildCurrent(root, fingerprintInputs(root))).toBe(false);
  });

  it("points build at the new folder in one step while a server that resolved the old one keeps its files", () => {
    swapInBuild(root, fakeBuild("entry-old.js"), "one");
    // A running server resolves `build` once at start (server/http-process.js).
    const running = fs.realpathSync(path.join(root, "build"));
    const next = fakeBuild("entry-new.js");
    expect(fs.readdirSync(path.join(root, "build", "client", "assets")), "nothing changes while the next build is written").toEqual(["entry-old.js"]);
    swapInBuild(root, next, "two");
    expect(fs.readdirSync(path.join(root, "build", "client", "assets"))).toEqual(["entry-new.js"]);
    expect(fs.readFileSync(path.join(running, "client", "assets", "entry-old.js"), "utf8")).toBe("/* entry-old.js */");
    expect(fs.lstatSync(path.join(root, "build")).isSymbolicLink()).toBe(true);
  });

  it("moves a build folder from before this scheme aside, and keeps only the newest previous builds", () => {
    fs.mkdirSync(path.join(root, "build", "server"), { recursive: true });
    fs.writeFileSync(path.join(root, "build", "server", "index.js"), "old\n");
    const folders: string[] = [];
    for (let index = 0; index < KEPT_PREVIOUS_BUILDS + 3; index++) {
      const dir = fakeBuild(`entry-${index}.js`);
      folders.push(path.dirname(dir));
      const time = new Date(Date.now() + index * 1_000);
      fs.utimesSync(path.dirname(dir), time, time);
      swapInBuild(root, dir, `fingerprint-${index}`);
    }
    const kept = fs.readdirSync(path.join(root, ".builds")).map((name) => path.join(root, ".builds", name));
    expect(kept.sort()).toEqual(folders.slice(-(KEPT_PREVIOUS_BUILDS + 1)).sort());
    expect(fs.readFileSync(path.join(root, "build", ".fingerprint"), "utf8").trim()).toBe(`fingerprint-${KEPT_PREVIOUS_BUILDS + 2}`);
  });
});
