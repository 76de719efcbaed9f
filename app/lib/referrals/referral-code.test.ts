import { describe, expect, it } from "vitest";
import { fallbackReferralCode, isReferralCodeShape, referralCodeCandidate } from "./referral-code";

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

  it("recognises the shape of every code it hands out, and nothing else", () => {
    expect(isReferralCodeShape(referralCodeCandidate("Ada.Lovelace@example.com"))).toBe(true);
    expect(isReferralCodeShape(fallbackReferralCode())).toBe(true);
    for (const code of ["", "ABC123", "abc-123", "abc 123", "abc\u0000", "ab/../cd", "é1", "a".repeat(33)]) {
      expect(isReferralCodeShape(code)).toBe(false);
    }
  });
});
