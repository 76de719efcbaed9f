// For tests of a migration's data: the journal's migrations in order, and applying some of
// them to a database statement by statement, as the app applies them.
import fs from "node:fs";
import type { PGlite } from "@electric-sql/pglite";

/** The tags of every migration, in the journal's order. */
export function migrationTags(): string[] {
  const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
  return journal.entries.map(({ tag }) => tag);
}

export async function applyMigrations(db: PGlite, tags: string[]): Promise<void> {
  for (const tag of tags) {
    for (const statement of fs.readFileSync(`db/migrations/${tag}.sql`, "utf8").split("--> statement-breakpoint")) {
      if (statement.trim()) await db.exec(statement);
    }
  }
}
