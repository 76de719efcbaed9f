import { defineConfig } from "vitest/config";

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

const shared = {
  include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "db/**/*.test.ts", "tests/integration/**/*.test.ts"],
  environment: "node" as const,
  setupFiles: ["./tests/setup/database.ts", "./tests/setup/no-console-errors.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    projects: [
      { extends: true, test: { ...shared, name: "pglite", env: { NODE_ENV: "test", TEST_DB: "pglite" } } },
      ...(testDatabaseUrl
        ? [
            {
              extends: true as const,
              test: {
                ...shared,
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
