import { describe, expect, it } from "vitest";
import { RANGE_DATE_MESSAGE, RANGE_LENGTH_MESSAGE, RANGE_ORDER_MESSAGE, resolveFunnelRange } from "./funnel-range.schema";

const resolve = (query: string) => resolveFunnelRange(new URLSearchParams(query), "2026-03-31");

describe("the report's date range", () => {
  it("defaults to the last 30 days, today included", () => {
    expect(resolve("")).toEqual({ ok: true, range: { from: "2026-03-02", to: "2026-03-31" } });
    expect(resolve("from=&to=")).toEqual({ ok: true, range: { from: "2026-03-02", to: "2026-03-31" } });
    expect(resolve("to=2026-02-10")).toEqual({ ok: true, range: { from: "2026-01-12", to: "2026-02-10" } });
    expect(resolve("from=2026-03-20")).toEqual({ ok: true, range: { from: "2026-03-20", to: "2026-03-31" } });
  });

  it("takes a chosen range of up to 366 days", () => {
    expect(resolve("from=2026-02-01&to=2026-02-28")).toEqual({ ok: true, range: { from: "2026-02-01", to: "2026-02-28" } });
    expect(resolve("from=2024-01-01&to=2024-12-31")).toEqual({ ok: true, range: { from: "2024-01-01", to: "2024-12-31" } });
    expect(resolve("from=2026-03-31&to=2026-03-31")).toEqual({ ok: true, range: { from: "2026-03-31", to: "2026-03-31" } });
  });

  it("says what is wrong with a bad range", () => {
    expect(resolve("from=2024-01-01&to=2025-01-01")).toEqual({ ok: false, message: RANGE_LENGTH_MESSAGE });
    expect(resolve("from=2026-03-10&to=2026-03-01")).toEqual({ ok: false, message: RANGE_ORDER_MESSAGE });
    for (const bad of ["from=yesterday", "to=2026-02-30", "from=2026-3-1", "from=1999-12-31", "to=9999-01-01", "from=2026-03-01%27%3B--"]) {
      expect(resolve(bad)).toEqual({ ok: false, message: RANGE_DATE_MESSAGE });
    }
  });
});
