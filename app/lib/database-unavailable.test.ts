import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-unavailable.server";

describe("database outage errors", () => {
  it("recognises a restart, a refused connection and a connect timeout, also under Drizzle's wrapper", () => {
    const terminated = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: terminated }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("leaves bugs and constraint errors alone", () => {
    const duplicate = Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" });
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: duplicate }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
