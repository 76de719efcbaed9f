import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, inject } from "vitest";

// Each test file gets its own in-memory PGlite, a copy of the one migrated for the run
// (tests/setup/pglite-template.ts), or shares the run's fresh database on the real server
// (files then run one at a time, see vitest.config.ts).
if (process.env.TEST_DB === "postgres") {
  process.env.DATABASE_URL = inject("postgresTestUrl");
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
}

const { closeDatabase, migrateDatabase, openPglite } = await import("~/kernel/db.server");
if (process.env.TEST_DB !== "postgres") openPglite(new PGlite({ loadDataDir: new Blob([fs.readFileSync(inject("pgliteTemplate"))]) }));

beforeAll(async () => {
  await migrateDatabase();
});

afterAll(async () => {
  await closeDatabase();
});
