import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/kernel/db.server";
import { applyFunctionFiles, FUNCTIONS_FOLDER, listFunctionFiles } from "./function-files.server";

// The database in each test was migrated by the setup, function files included.
async function liveFunctions(): Promise<string[]> {
  const { rows } = await db.execute<{ name: string }>(sql`
    select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public'
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by p.proname`);
  return rows.map((row) => row.name);
}

async function functionSource(name: string): Promise<string> {
  const { rows } = await db.execute<{ source: string }>(sql`select prosrc as source from pg_proc where proname = ${name}`);
  return rows[0]?.source ?? "";
}

function copyOfFunctionsFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "launchcrew-functions-"));
  for (const file of fs.readdirSync(FUNCTIONS_FOLDER)) fs.copyFileSync(path.join(FUNCTIONS_FOLDER, file), path.join(folder, file));
  return folder;
}

describe("database functions", () => {
  afterEach(async () => {
    await applyFunctionFiles(db);
  });

  it("are exactly the files of db/functions, one each, with the checksum of the text applied", async () => {
    const files = listFunctionFiles();
    expect(await liveFunctions()).toEqual(files.map((file) => file.name));
    const { rows } = await db.execute<{ name: string; checksum: string }>(sql`select name, checksum from database_functions order by name`);
    expect(rows).toEqual(files.map(({ name, checksum }) => ({ name, checksum })));
  });

  it("are applied again only when a file's text changes, and dropped with their file", async () => {
    expect(await applyFunctionFiles(db)).toEqual({ applied: [], dropped: [] });

    const folder = copyOfFunctionsFolder();
    const file = path.join(folder, "site_time_zone.sql");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("'America/Los_Angeles'", "'Europe/Madrid'"));
    fs.rmSync(path.join(folder, "leaderboard_fold.sql"));
    expect(await applyFunctionFiles(db, folder)).toEqual({ applied: ["site_time_zone"], dropped: ["leaderboard_fold"] });
    expect(await functionSource("site_time_zone")).toContain("Europe/Madrid");
    expect(await liveFunctions()).not.toContain("leaderboard_fold");

    expect(await applyFunctionFiles(db)).toEqual({ applied: ["leaderboard_fold", "site_time_zone"], dropped: [] });
    expect(await functionSource("site_time_zone")).toContain("America/Los_Angeles");
  });

  it("leave the database as it was when a file fails to apply", async () => {
    const folder = copyOfFunctionsFolder();
    fs.writeFileSync(path.join(folder, "site_time_zone.sql"), fs.readFileSync(path.join(folder, "site_time_zone.sql"), "utf8").replace("'America/Los_Angeles'", "'Europe/Madrid'"));
    fs.writeFileSync(path.join(folder, "webhook_enqueue.sql"), "this is not SQL");
    await expect(applyFunctionFiles(db, folder)).rejects.toThrow();
    expect(await functionSource("site_time_zone")).toContain("America/Los_Angeles");
    expect(await applyFunctionFiles(db)).toEqual({ applied: [], dropped: [] });
  });
});
