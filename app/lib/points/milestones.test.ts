import { describe, expect, it } from "vitest";
import { milestoneProgress, milestoneTextOf, parseMilestones, parseMilestoneText } from "./milestones";

describe("milestone progress", () => {
  it("with none listed, is the spec's example: points modulo 100 towards the next hundred", () => {
    expect(milestoneProgress(15, [], 100)).toEqual({ label: "100 points", from: 0, to: 100, progress: 15, span: 100 });
    expect(milestoneProgress(100, [], 100)).toMatchObject({ label: "200 points", progress: 0 });
    expect(milestoneProgress(245, [], 100)).toMatchObject({ label: "300 points", progress: 45 });
  });

  it("names the next listed milestone and counts from the one reached last", () => {
    const milestones = [
      { points: 50, label: "Sticker sheet" },
      { points: 150, label: "Crew badge" },
    ];
    expect(milestoneProgress(10, milestones, 100)).toEqual({ label: "Sticker sheet", from: 0, to: 50, progress: 10, span: 50 });
    expect(milestoneProgress(120, milestones, 100)).toEqual({ label: "Crew badge", from: 50, to: 150, progress: 70, span: 100 });
    expect(milestoneProgress(160, milestones, 100)).toEqual({ label: "250 points", from: 150, to: 250, progress: 10, span: 100 });
  });

  it("never shows negative progress for a member an admin set below zero", () => {
    expect(milestoneProgress(-5, [], 100).progress).toBe(0);
  });
});

describe("milestone text", () => {
  it("reads one milestone per line, sorted, and writes it back the same way", () => {
    const parsed = parseMilestoneText("250 Crew badge\n\n100 points: Sticker sheet\n");
    expect(parsed).toEqual({ milestones: [{ points: 100, label: "Sticker sheet" }, { points: 250, label: "Crew badge" }] });
    expect(milestoneTextOf("milestones" in parsed ? parsed.milestones : [])).toBe("100 Sticker sheet\n250 Crew badge");
  });

  it("says which line is wrong", () => {
    expect(parseMilestoneText("100 Sticker\nlots Badge")).toEqual({ error: expect.stringContaining("Line 2") });
    expect(parseMilestoneText("100")).toEqual({ error: expect.stringContaining("Line 1") });
    expect(parseMilestoneText(`99999999 Huge`)).toEqual({ error: expect.stringContaining("Line 1") });
    expect(parseMilestoneText(`100 ${"x".repeat(61)}`)).toEqual({ error: expect.stringContaining("Line 1") });
  });

  it("keeps only well-formed stored milestones", () => {
    expect(parseMilestones([{ points: 10, label: "A" }, { points: -1, label: "B" }, { points: 2.5, label: "C" }, null, "x", { points: 10, label: "dup" }])).toEqual([
      { points: 10, label: "A" },
    ]);
    expect(parseMilestones("nope")).toEqual([]);
  });
});
