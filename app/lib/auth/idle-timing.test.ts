import { describe, expect, it } from "vitest";
import { idleTimingFor } from "./idle-timing";

describe("idleTimingFor", () => {
  // The spec's range: 1 minute to one week.
  it.each([1, 2, 5, 30, 10_080])("gives a %i-minute timeout a warning shorter than it and reports a busy tab well within it", (minutes) => {
    const timing = idleTimingFor(minutes);
    expect(timing).not.toBeNull();
    const { timeoutMs, warningMs, reportIntervalMs } = timing!;
    expect(timeoutMs).toBe(minutes * 60_000);
    // react-idle-timer refuses a promptBeforeIdle that is not less than the timeout.
    expect(warningMs).toBeGreaterThan(0);
    expect(warningMs).toBeLessThan(timeoutMs);
    expect(warningMs).toBeLessThanOrEqual(60_000);
    // Activity is seen before the warning could open: a busy tab never sees it, and the
    // server (which records activity no more often) never finds a busy session idle.
    expect(reportIntervalMs).toBeGreaterThan(0);
    expect(reportIntervalMs).toBeLessThan(timeoutMs - warningMs);
    expect(reportIntervalMs * 2).toBeLessThanOrEqual(timeoutMs - warningMs);
  });

  it("keeps the spec's 60-second warning and once-a-minute reports from 2 minutes up", () => {
    expect(idleTimingFor(30)).toEqual({ timeoutMs: 1_800_000, warningMs: 60_000, reportIntervalMs: 60_000 });
    expect(idleTimingFor(2)?.warningMs).toBe(60_000);
    expect(idleTimingFor(1)).toEqual({ timeoutMs: 60_000, warningMs: 30_000, reportIntervalMs: 15_000 });
  });

  it("is off for 0 or less", () => {
    expect(idleTimingFor(0)).toBeNull();
    expect(idleTimingFor(-5)).toBeNull();
  });
});
