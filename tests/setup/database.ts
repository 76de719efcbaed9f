import { afterAll, beforeAll, inject } from "vitest";

// Each test file gets its own in-memory PGlite, or shares the run's fresh database
// on the real server (files then run one at a time, see vitest.config.ts).
if (process.env.TEST_DB === "postgres") {
  process.env.DATABASE_URL = inject("postgresTestUrl");
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
}

const { closeDatabase, migrateDatabase } = await import("~/lib/db.server");

beforeAll(async () => {
  await migrateDatabase();
});

afterAll(async () => {
  await closeDatabase();
});
