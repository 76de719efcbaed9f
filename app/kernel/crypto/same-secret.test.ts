import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isSameSecret } from "./same-secret.server";

describe("isSameSecret", () => {
  it("accepts the expected secret and refuses any other, whatever its length", () => {
    const expected = "Bearer 0123456789abcdef-metrics";
    expect(isSameSecret("Bearer 0123456789abcdef-metrics", expected)).toBe(true);
    expect(isSameSecret(Buffer.from(expected), expected)).toBe(true);
    expect(isSameSecret("Bearer 0123456789abcdef-metricz", expected)).toBe(false);
    expect(isSameSecret("Bearer 0123456789abcdef", expected)).toBe(false);
    expect(isSameSecret(`${expected}-and-more`, expected)).toBe(false);
    expect(isSameSecret("", expected)).toBe(false);
    expect(isSameSecret(null, expected)).toBe(false);
    expect(isSameSecret(undefined, expected)).toBe(false);
  });
});

// Issue 37: /metrics compared its token with ===, which answers sooner the earlier a guess
// goes wrong. Every comparison of a secret goes through isSameSecret; this finds the others.
const ROOTS = ["app", "server"];
const SECRET_NAME = /(token|secret|signature|password|bearer|authorization)/i;
// `===`/`!==` with a secret-looking operand, unless the other side is a type or emptiness check.
const COMPARISON = /([\w.$\])"'`{}]+(?:\([^()]*\))?)\s*([!=]==)\s*([^\s;,)&|?]+)/g;
const HARMLESS = /^(undefined|null|true|false|""|''|``|\d+|"[a-z_-]+"|'[a-z_-]+')$/;
// Comparisons that look like one but hold no secret, each with its reason.
const NOT_SECRETS: Record<string, string> = {
  "app/lib/share-cards/woff-coverage.server.ts": "WOFF_SIGNATURE is a font file's magic number",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "locales" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("secrets are never compared with === or !==", () => {
  it("finds no such comparison in app/ or server/", () => {
    const found: string[] = [];
    for (const file of ROOTS.flatMap((root) => sourceFiles(root)).filter((file) => !(file in NOT_SECRETS))) {
      for (const [index, line] of fs.readFileSync(file, "utf8").split("\n").entries()) {
        for (const match of line.matchAll(COMPARISON)) {
          const [, left = "", , right = ""] = match;
          const before = line.slice(0, match.index);
          if (/typeof\s*$/.test(before) || HARMLESS.test(right) || HARMLESS.test(left)) continue;
          if (right.startsWith("`Bearer") || SECRET_NAME.test(left) || SECRET_NAME.test(right)) found.push(`${file}:${index + 1}: ${line.trim()}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
