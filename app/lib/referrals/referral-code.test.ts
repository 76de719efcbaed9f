import { describe, expect, it } from "vitest";
import { fallbackReferralCode, referralCodeCandidate } from "./referral-code";

describe("referral codes", () => {
  it("starts with up to six alphanumerics of the local part, lower-cased, then six base-36 characters", () => {
    const code = referralCodeCandidate("Ada.Lovelace+crew@Example.com");
    expect(code).toMatch(/^adalov[0-9a-z]{6}$/);
  });

  it("uses what the local part has when it is short or has no alphanumerics", () => {
    expect(referralCodeCandidate("jo@example.com")).toMatch(/^jo[0-9a-z]{6}$/);
    expect(referralCodeCandidate("._-@example.com")).toMatch(/^[0-9a-z]{6}$/);
  });

  it("varies between calls for the same address", () => {
    const codes = new Set(Array.from({ length: 50 }, () => referralCodeCandidate("sam@example.com")));
    expect(codes.size).toBeGreaterThan(45);
  });

  it("builds the fallback from 'fallback' and the time", () => {
    const at = Date.UTC(2026, 10, 23);
    expect(fallbackReferralCode(at)).toMatch(new RegExp(`^fallback${at.toString(36)}[0-9a-z]{4}$`));
  });
});
