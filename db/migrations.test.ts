import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

// The rules of ADR 0034, read from the files: committed migrations are history, migrations
// after 0018 hold schema only, and each database function has one file.
const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: { idx: number; tag: string }[] };
const checksums = JSON.parse(fs.readFileSync("db/migration-checksums.json", "utf8")) as Record<string, string>;
const FUNCTION_DEFINITION = /\bcreate\s+(?:or\s+replace\s+)?function\s+"?(\w+)"?\s*\(/gi;
const LAST_MIGRATION_WITH_FUNCTIONS = 17;

describe("migrations", () => {
  it("are unchanged since they were committed: each checksum matches the one recorded for its journal entry", () => {
    const changed = journal.entries
      .filter(({ tag }) => checksums[tag] !== createHash("sha256").update(fs.readFileSync(`db/migrations/${tag}.sql`)).digest("hex"))
      .map(({ tag }) => (checksums[tag] ? `${tag} was edited` : `${tag} has no checksum: run node scripts/record-migration-checksums.mjs`));
    expect(changed).toEqual([]);
    expect(Object.keys(checksums).sort()).toEqual(journal.entries.map(({ tag }) => tag).sort());
  });

  it("keep their journal's order and numbers: entry i is migration i", () => {
    expect(journal.entries.map(({ idx, tag }) => [idx, Number(tag.slice(0, 4))])).toEqual(journal.entries.map((_, index) => [index, index]));
  });

  it("hold schema only after migration 0017: functions live in db/functions", () => {
    const defining = journal.entries
      .filter(({ idx }) => idx > LAST_MIGRATION_WITH_FUNCTIONS)
      .filter(({ tag }) => [...fs.readFileSync(`db/migrations/${tag}.sql`, "utf8").matchAll(FUNCTION_DEFINITION)].length > 0)
      .map(({ tag }) => tag);
    expect(defining).toEqual([]);
  });
});

describe("db/functions", () => {
  const files = fs.readdirSync("db/functions").filter((file) => file.endsWith(".sql"));

  it("holds one create-or-replace statement per file, of the function the file is named after", () => {
    for (const file of files) {
      const text = fs.readFileSync(`db/functions/${file}`, "utf8");
      const defined = [...text.matchAll(FUNCTION_DEFINITION)].map((match) => match[1]!.toLowerCase());
      expect({ file, defined }).toEqual({ file, defined: [file.slice(0, -4)] });
      expect(text).toMatch(/^\s*(?:--[^\n]*\n\s*)*CREATE OR REPLACE FUNCTION/);
    }
  });

  it("is the only place outside the historical migrations that defines a database function", () => {
    const tracked = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => /\.(ts|tsx|js|mjs|sql)$/.test(file) && !file.startsWith("db/migrations/") && !file.startsWith("db/functions/"))
      .filter((file) => file !== "db/migrations.test.ts" && fs.existsSync(file));
    const defining = tracked.filter((file) => [...fs.readFileSync(file, "utf8").matchAll(FUNCTION_DEFINITION)].length > 0);
    expect(defining).toEqual([]);
  });
});
