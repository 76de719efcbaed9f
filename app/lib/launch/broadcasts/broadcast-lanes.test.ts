import { describe, expect, it } from "vitest";
import { BROADCAST_MAX_LANES, lanesForPace } from "./broadcast-lanes";

describe("the broadcast sender's lanes", () => {
  it("open one connection for a slow pace and more as the pace needs them, up to the most", () => {
    expect(lanesForPace(1)).toBe(1);
    expect(lanesForPace(600)).toBe(1);
    expect(lanesForPace(15_000)).toBe(1);
    expect(lanesForPace(15_001)).toBe(2);
    expect(lanesForPace(60_000)).toBe(BROADCAST_MAX_LANES);
    expect(lanesForPace(Number.MAX_SAFE_INTEGER)).toBe(BROADCAST_MAX_LANES);
  });
});
