import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates one in-memory PGlite for the run and saves its data directory: each test file
 * starts from a copy (half a second) instead of migrating its own (two and a half).
 */
export default async function setup(project: TestProject) {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
  const { closeDatabase, getConnection, migrateDatabase } = await import("../../app/kernel/db.server");
  await migrateDatabase();
  const connection = getConnection();
  if (connection.kind !== "pglite") throw new Error("the PGlite template needs PGlite");
  const dump = await connection.pglite.dumpDataDir("none");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "launchcrew-pglite-")), "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await closeDatabase();
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
