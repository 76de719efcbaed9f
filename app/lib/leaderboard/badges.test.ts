import { describe, expect, it } from "vitest";
import { badgeFor } from "./badges";

const now = new Date("2026-11-23T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const veteran = { confirmedEmail: false, referralsMade: 0, points: 10, joinDate: daysAgo(90) };

describe("badgeFor", () => {
  it("gives Verified User first, whatever else the member has", () => {
    expect(badgeFor({ ...veteran, confirmedEmail: true, referralsMade: 12, points: 500 }, now)).toBe("Verified User");
  });

  it("ranks referral badges above points and join date", () => {
    expect(badgeFor({ ...veteran, referralsMade: 10, points: 110 }, now)).toBe("Referral Rockstar");
    expect(badgeFor({ ...veteran, referralsMade: 9, points: 100, joinDate: daysAgo(1) }, now)).toBe("Super Sharer");
    expect(badgeFor({ ...veteran, referralsMade: 5 }, now)).toBe("Super Sharer");
  });

  it("gives Community Champ from 50 points", () => {
    expect(badgeFor({ ...veteran, points: 50 }, now)).toBe("Community Champ");
    expect(badgeFor({ ...veteran, points: 49 }, now)).toBeNull();
  });

  it("gives Early Bird within 30 days of joining, then nothing", () => {
    expect(badgeFor({ ...veteran, joinDate: daysAgo(30) }, now)).toBe("Early Bird");
    expect(badgeFor({ ...veteran, joinDate: daysAgo(31) }, now)).toBeNull();
  });
});
