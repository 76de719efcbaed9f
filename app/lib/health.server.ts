import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { db } from "../kernel/db.server";

export type Readiness = { isReady: boolean; database: "up" | "down"; migrations: { applied: number; expected: number } };

const JOURNAL = path.resolve(process.cwd(), "db/migrations/meta/_journal.json");
const CHECK_TIMEOUT_MS = 2_000;

async function expectedMigrations(): Promise<number> {
  const journal = JSON.parse(await fs.readFile(JOURNAL, "utf8")) as { entries?: unknown[] };
  return journal.entries?.length ?? 0;
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("readiness check timed out")), CHECK_TIMEOUT_MS).unref())]);
}

/** Ready = the database answers (within 2 s) and every migration in the repository is applied. */
export async function checkReadiness(): Promise<Readiness> {
  const expected = await expectedMigrations();
  try {
    const result = await withTimeout(db.execute<{ applied: number }>(sql`select count(*)::integer as applied from drizzle.__drizzle_migrations`));
    const applied = Number(result.rows[0]?.applied ?? 0);
    return { isReady: applied >= expected, database: "up", migrations: { applied, expected } };
  } catch {
    return { isReady: false, database: "down", migrations: { applied: 0, expected } };
  }
}
