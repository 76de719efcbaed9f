import { describe, expect, it } from "vitest";
import { everythingDeletedOn, parseLaunchDate, parseMonthsAfterLaunch } from "./retention-rules";

describe("retention settings", () => {
  it("keeps a real launch day and nothing else", () => {
    expect(parseLaunchDate("2027-03-15")).toBe("2027-03-15");
    for (const bad of ["2027-02-30", "2027-13-01", "1999-01-01", "2101-01-01", "15/03/2027", "", null, 20270315, "2027-03-15T00:00"]) expect(parseLaunchDate(bad)).toBeNull();
  });

  it("keeps months within 1 to 120", () => {
    expect(parseMonthsAfterLaunch(6)).toBe(6);
    for (const bad of [0, 121, 1.5, "6", null, Number.NaN, Number.MAX_SAFE_INTEGER]) expect(parseMonthsAfterLaunch(bad)).toBeNull();
  });

  it("deletes everything on the same day N months after launch, or the month's last day", () => {
    expect(everythingDeletedOn("2027-03-15", 6)?.toISOString()).toBe("2027-09-15T00:00:00.000Z");
    expect(everythingDeletedOn("2027-01-31", 1)?.toISOString()).toBe("2027-02-28T00:00:00.000Z");
    expect(everythingDeletedOn("2027-11-30", 3)?.toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(everythingDeletedOn(null, 6)).toBeNull();
    expect(everythingDeletedOn("2027-03-15", null)).toBeNull();
  });
});
