import { describe, expect, it } from "vitest";
import { seasonKeyFromParam, seasonLabel, seasonOf } from "./season-calendar";
import { isTimeZone, parseTimeZone } from "./time-zone";

describe("season calendar", () => {
  it("puts a moment in the month it is in the site's zone", () => {
    // 23:30 on Oct 31 in Los Angeles is already Nov 1 in UTC.
    const halloweenNight = new Date("2026-11-01T06:30:00Z");
    expect(seasonOf(halloweenNight, "America/Los_Angeles")).toBe("2026-10-01");
    expect(seasonOf(halloweenNight, "UTC")).toBe("2026-11-01");
  });

  it("reads ?season=2026-10 and refuses anything else", () => {
    expect(seasonKeyFromParam("2026-10")).toBe("2026-10-01");
    expect(seasonKeyFromParam("2026-13")).toBeNull();
    expect(seasonKeyFromParam("2026-10-01' or 1=1")).toBeNull();
    expect(seasonKeyFromParam(null)).toBeNull();
    expect(seasonLabel("2026-10-01")).toBe("October 2026");
  });

  it("knows IANA zones and falls back to Los Angeles", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("x".repeat(1000))).toBe(false);
    expect(parseTimeZone(42)).toBe("America/Los_Angeles");
  });
});
