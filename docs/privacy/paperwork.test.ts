import fs from "node:fs";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";

// Issue 38, item 6: the paperwork a studio is asked for stays true to the code. The DPIA's
// data map lists exactly the schema's tables and covers the Children's Code's 15 standards;
// the security program names only tests that exist.

const dpia = fs.readFileSync("docs/privacy/dpia.md", "utf8");
const program = fs.readFileSync("docs/privacy/security-program.md", "utf8");

const CHILDRENS_CODE = [
  "Best interests of the child",
  "Data protection impact assessments",
  "Age appropriate application",
  "Transparency",
  "Detrimental use of data",
  "Policies and community standards",
  "Default settings",
  "Data minimisation",
  "Data sharing",
  "Geolocation",
  "Parental controls",
  "Profiling",
  "Nudge techniques",
  "Connected toys and devices",
  "Online tools",
];

describe("docs/privacy", () => {
  it("maps every table of the schema once, and no table that is gone", () => {
    const tables = Object.values(schema).filter((value) => is(value, PgTable)).map((table) => getTableName(table as PgTable)).sort();
    const mapped = [...dpia.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]!).sort();
    expect(mapped).toEqual(tables);
  });

  it("covers the Children's Code's 15 standards, in order", () => {
    const headings = [...dpia.matchAll(/^### (\d+)\. (.+)$/gm)].map((match) => `${match[1]}. ${match[2]}`);
    expect(headings).toEqual(CHILDRENS_CODE.map((name, index) => `${index + 1}. ${name}`));
  });

  it("proves each safeguard with a test file that exists", () => {
    const named = [...program.matchAll(/`((?:tests|app|server|db)\/[^`]+\.(?:test|spec)\.ts)`/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((file) => !fs.existsSync(file))).toEqual([]);
  });
});
