import { describe, expect, it } from "vitest";
import { MAX_POINTS, POINTS_INVALID_MESSAGE, PointsAdjustmentSchema, PointsInputSchema } from "./points.schema";

describe("PointsInputSchema", () => {
  it.each([
    ["0", 0],
    [" 42 ", 42],
    ["1000000000", MAX_POINTS],
    [7, 7],
  ] as const)("accepts %j as %d", (input, points) => {
    expect(PointsInputSchema.parse(input)).toBe(points);
  });

  it.each(["", "  ", "-5", "+5", "1.5", "1e3", "0x10", "abc", "1000000001", "99999999999999999999999", "Infinity", -1, 1.5, Number.NaN, Infinity, null, undefined])(
    "refuses %j with the spec's message",
    (input) => {
      const result = PointsInputSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(new Set(result.error?.issues.map((issue) => issue.message))).toEqual(new Set([POINTS_INVALID_MESSAGE]));
    },
  );

  it("parses the Adjust Points form", () => {
    expect(PointsAdjustmentSchema.parse({ memberId: "m-1", points: "12" })).toEqual({ memberId: "m-1", points: 12 });
    expect(PointsAdjustmentSchema.safeParse({ memberId: "m-1", points: "-1" }).error?.issues[0]?.message).toBe(POINTS_INVALID_MESSAGE);
  });
});
