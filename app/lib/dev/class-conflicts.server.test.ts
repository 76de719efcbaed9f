import { afterEach, describe, expect, it, vi } from "vitest";
import { checkClassesWith, cn } from "~/lib/utils";
import { checkClassConflicts } from "./class-conflicts.server";

afterEach(() => {
  checkClassesWith(undefined);
  vi.restoreAllMocks();
});

function conflictReports(write: { mock: { calls: unknown[][] } }): Record<string, unknown>[] {
  return write.mock.calls
    .map(([chunk]) => String(chunk))
    .filter((line) => line.includes("conflicting Tailwind classes"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the class-conflict check of the test servers", () => {
  it("reports each class list in which a later class overrides an earlier one, once", async () => {
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await checkClassConflicts();

    expect(cn("flex h-10 w-full px-3", "h-12")).toBe("flex h-10 w-full px-3 h-12");
    cn("flex h-10 w-full px-3", "h-12");
    cn("rounded-md border", "border-transparent bg-card", { "opacity-60": true });

    const reports = conflictReports(write);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ classes: "flex h-10 w-full px-3 h-12", overridden: ["h-10"] });
  });

  it("stays silent unless the server turned it on", () => {
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    cn("h-10", "h-12");
    expect(conflictReports(write)).toEqual([]);
  });
});
