import { describe, expect, it } from "vitest";
import { nextRewardProgress } from "./points-rules";

describe("next-reward progress", () => {
  it("is the points modulo 100", () => {
    expect(nextRewardProgress(15)).toBe(15);
    expect(nextRewardProgress(100)).toBe(0);
    expect(nextRewardProgress(245)).toBe(45);
  });
});
