import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../db.server";

export const FUNCTIONS_FOLDER = path.resolve(process.cwd(), "db/functions");

export type FunctionFile = { name: string; text: string; checksum: string };

/** Every `<name>.sql` of the folder, in name order: one `create or replace function <name>` each. */
export function listFunctionFiles(folder = FUNCTIONS_FOLDER): FunctionFile[] {
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(folder, file), "utf8");
      return { name: file.slice(0, -".sql".length), text, checksum: createHash("sha256").update(text).digest("hex") };
    });
}

export type AppliedFunctions = { applied: string[]; dropped: string[] };

/**
 * Brings the database's functions to the folder's text (ADR 0034), in one transaction: a
 * file whose checksum differs from the one recorded is applied, a recorded function whose
 * file is gone is dropped. Bodies are checked when called, not when created, so the files'
 * order never matters. The caller holds the migration lock.
 */
export async function applyFunctionFiles(database: Database, folder = FUNCTIONS_FOLDER): Promise<AppliedFunctions> {
  const files = listFunctionFiles(folder);
  return database.transaction(async (tx) => {
    await tx.execute(sql`set local check_function_bodies = off`);
    const recorded = new Map(
      (await tx.execute<{ name: string; checksum: string }>(sql`select name, checksum from database_functions`)).rows.map((row) => [row.name, row.checksum]),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (recorded.get(file.name) === file.checksum) continue;
      await tx.execute(sql.raw(file.text));
      await tx.execute(sql`
        insert into database_functions (name, checksum) values (${file.name}, ${file.checksum})
        on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`);
      applied.push(file.name);
    }
    const kept = new Set(files.map((file) => file.name));
    const dropped = [...recorded.keys()].filter((name) => !kept.has(name));
    for (const name of dropped) {
      await tx.execute(sql.raw(`drop function if exists "${name.replaceAll('"', '""')}"`));
      await tx.execute(sql`delete from database_functions where name = ${name}`);
    }
    return { applied, dropped };
  });
}
