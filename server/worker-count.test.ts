import { describe, expect, it } from "vitest";
import { resolveWorkerCount } from "./worker-count.js";

const POSTGRES = { DATABASE_URL: "postgres://app@db/launchcrew" };

describe("resolveWorkerCount", () => {
  it("runs one worker per core on PostgreSQL by default, at most 64", () => {
    expect(resolveWorkerCount(POSTGRES, 4)).toEqual({ count: 4, notice: undefined });
    expect(resolveWorkerCount(POSTGRES, 96).count).toBe(64);
    expect(resolveWorkerCount({ ...POSTGRES, WEB_CONCURRENCY: "" }, 2).count).toBe(2);
  });

  it("runs what WEB_CONCURRENCY asks for on PostgreSQL", () => {
    expect(resolveWorkerCount({ ...POSTGRES, WEB_CONCURRENCY: "3" }, 8)).toEqual({ count: 3, notice: undefined });
    expect(resolveWorkerCount({ ...POSTGRES, WEB_CONCURRENCY: " 64 " }, 2).count).toBe(64);
    expect(resolveWorkerCount({ ...POSTGRES, WEB_CONCURRENCY: "1" }, 8).count).toBe(1);
  });

  it("runs one process on the embedded PGlite, and says so when more were asked for", () => {
    expect(resolveWorkerCount({}, 8)).toEqual({ count: 1, notice: undefined });
    expect(resolveWorkerCount({ DATABASE_URL: "", WEB_CONCURRENCY: "1" }, 8)).toEqual({ count: 1, notice: undefined });
    const forced = resolveWorkerCount({ WEB_CONCURRENCY: "4" }, 8);
    expect(forced.count).toBe(1);
    expect(forced.notice).toMatch(/WEB_CONCURRENCY=4 forced to 1: the embedded PGlite/);
  });

  it("runs one process in development (Vite)", () => {
    expect(resolveWorkerCount({ ...POSTGRES, NODE_ENV: "development" }, 8)).toEqual({ count: 1, notice: undefined });
    expect(resolveWorkerCount({ ...POSTGRES, NODE_ENV: "development", WEB_CONCURRENCY: "2" }, 8).notice).toMatch(/ignored: NODE_ENV=development/);
  });

  it.each(["0", "65", "-1", "2.5", "two", "1e1", "0x2"])("refuses WEB_CONCURRENCY=%s with a readable message", (value) => {
    expect(() => resolveWorkerCount({ ...POSTGRES, WEB_CONCURRENCY: value }, 2)).toThrow(
      `WEB_CONCURRENCY must be a whole number from 1 to 64 (got "${value}").`,
    );
  });

  it("refuses an invalid value on PGlite too", () => {
    expect(() => resolveWorkerCount({ WEB_CONCURRENCY: "lots" }, 2)).toThrow(/WEB_CONCURRENCY must be a whole number/);
  });
});
