import { defineConfig } from "vitest/config";

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

// Which tests get a database is decided by file name:
//   *.server.test.ts and tests/integration/**  — touch the database: run on a fresh PGlite
//                                                (and on PostgreSQL when TEST_DATABASE_URL is set);
//   tests/postgres/**                           — need a real server (e.g. killing its backends):
//                                                the PostgreSQL pass only;
//   every other *.test.ts(x)                   — pure: the "unit" project, no database at all.
const ALL_TESTS = ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "db/**/*.test.ts", "docs/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/bundle/**/*.test.ts"];
const DATABASE_TESTS = ["{app,server,db}/**/*.server.test.{ts,tsx}", "tests/integration/**/*.test.ts"];
const POSTGRES_ONLY_TESTS = ["tests/postgres/**/*.test.ts"];
// The HTML does not depend on the database: the PGlite pass checks it.
const PGLITE_ONLY_TESTS = ["tests/integration/valid-html.test.ts"];

// .ci/run runs the unit project on Node 24 and then again on this Node. A production build
// (the JavaScript budget) and the typecheck of the admin-screen recipe come out the same on
// either, so the second pass (VITEST_SECOND_NODE=1) leaves them out.
const SAME_ON_EVERY_NODE = ["tests/bundle/js-budget.test.ts", "docs/admin-screens.test.ts"];
const isSecondNode = process.env.VITEST_SECOND_NODE === "1";

const shared = {
  environment: "node" as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

const database = {
  ...shared,
  include: DATABASE_TESTS,
  setupFiles: ["./tests/setup/database.ts", "./tests/setup/no-console-errors.ts"],
};

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: "unit",
          include: ALL_TESTS,
          exclude: isSecondNode ? [...DATABASE_TESTS, ...SAME_ON_EVERY_NODE] : DATABASE_TESTS,
          setupFiles: ["./tests/setup/no-console-errors.ts"],
          // A unit test that reaches for the database fails fast on this address
          // instead of opening the developer's PGlite: rename it *.server.test.ts.
          env: { NODE_ENV: "test", DATABASE_URL: "postgres://unit-tests-have-no-database.invalid/none" },
        },
      },
      { extends: true, test: { ...database, name: "pglite", env: { NODE_ENV: "test", TEST_DB: "pglite" }, globalSetup: ["./tests/setup/pglite-template.ts"] } },
      ...(testDatabaseUrl
        ? [
            {
              extends: true as const,
              test: {
                ...database,
                include: [...DATABASE_TESTS, ...POSTGRES_ONLY_TESTS],
                exclude: PGLITE_ONLY_TESTS,
                name: "postgres",
                env: { NODE_ENV: "test", TEST_DB: "postgres" },
                globalSetup: ["./tests/setup/postgres-database.ts"],
                // One database for the whole run: files take turns.
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
