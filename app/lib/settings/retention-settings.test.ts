import { describe, expect, it } from "vitest";
import { SiteSettingsFormSchema } from "./settings.schema";

function parse(fields: Record<string, string>) {
  return SiteSettingsFormSchema.safeParse(fields);
}

function messageOf(fields: Record<string, string>): string | undefined {
  const result = parse(fields);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("Privacy & Retention on Site Settings", () => {
  it("defaults to 30 days for unconfirmed members and keeps everything else until deleted", () => {
    const result = parse({});
    expect(result.success && [result.data.unconfirmedMemberDays, result.data.launchDate, result.data.monthsAfterLaunch]).toEqual([30, null, null]);
  });

  it("takes a launch day and a number of months", () => {
    const result = parse({ unconfirmedMemberDays: "45", launchDate: "2027-03-15", monthsAfterLaunch: "6" });
    expect(result.success && [result.data.unconfirmedMemberDays, result.data.launchDate, result.data.monthsAfterLaunch]).toEqual([45, "2027-03-15", 6]);
  });

  it("refuses impossible values with the field's message", () => {
    expect(messageOf({ unconfirmedMemberDays: "3" })).toBe("The days an unconfirmed member is kept must be a whole number from 7 to 365.");
    expect(messageOf({ unconfirmedMemberDays: "1e9" })).toBe("The days an unconfirmed member is kept must be a whole number from 7 to 365.");
    expect(messageOf({ launchDate: "2027-02-30" })).toBe("Enter the launch date as a day from 2020 to 2100, like 2027-03-15.");
    expect(messageOf({ launchDate: "x".repeat(5000) })).toBe("Enter the launch date as a day, like 2027-03-15.");
    for (const months of ["0", "121", "2.5", "six", "9".repeat(40)]) {
      expect(messageOf({ monthsAfterLaunch: months }), months).toBe("Months after launch must be a whole number from 1 to 120, or empty.");
    }
  });
});
