import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The decision index's "Superseded" table is the one list of what replaced what; each record
// it names says so at its top, so a reader who lands on the file by a search is told (issue 41).
const DECISIONS = path.resolve(import.meta.dirname, "decisions");
const files = fs.readdirSync(DECISIONS).filter((name) => /^\d{4}-.*\.md$/.test(name));
const fileOf = (number: string) => files.find((name) => name.startsWith(`${number}-`));

/** Pairs [superseded record, the record that supersedes it] from the index's table. */
function supersededPairs(): [string, string][] {
  const index = fs.readFileSync(path.join(DECISIONS, "README.md"), "utf8");
  const table = index.slice(index.indexOf("## Superseded"));
  return table
    .split("\n")
    .filter((line) => /^\| \d{4}/.test(line))
    .flatMap((line) => {
      const cells = line.split("|").map((cell) => cell.trim());
      const by = cells.at(-2)!;
      // The records named in the first cell, not those it quotes ("0038's (and 0032's) …").
      const named = [...new Set(cells[1]!.match(/\b\d{4}\b/g) ?? [])];
      return named.map((number): [string, string] => [number, by]);
    });
}

/** What a record says before its first section: the title and any banners. */
function topOf(file: string): string {
  const text = fs.readFileSync(path.join(DECISIONS, file), "utf8");
  return text.slice(0, text.indexOf("\n## "));
}

describe("superseded decision records", () => {
  const pairs = supersededPairs();

  it("are read from the index", () => {
    expect(pairs.length).toBeGreaterThan(10);
  });

  it.each(pairs)("%s says at its top that %s supersedes it", (number, by) => {
    const file = fileOf(number);
    const byFile = fileOf(by);
    expect(file, `no record ${number}`).toBeDefined();
    expect(byFile, `no record ${by}`).toBeDefined();
    const banner = topOf(file!)
      .split("\n")
      .find((line) => /^> \*\*(Partly )?[Ss]uperseded\*\*/.test(line) && line.includes(`(${byFile})`));
    expect(banner, `${file} has no "> **Superseded** by … (${byFile})" line before its first section`).toBeDefined();
  });
});
