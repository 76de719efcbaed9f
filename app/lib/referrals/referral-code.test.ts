import { describe, expect, it } from "vitest";
import { fallbackReferralCode, isReferralCodeShape, referralCodeCandidate } from "./referral-code";

describe("referral codes", () => {
  it("are twelve random base-36 characters, nothing of the address (ADR 0042)", () => {
    expect(referralCodeCandidate()).toMatch(/^[0-9a-z]{12}$/);
  });

  it("differ at every call", () => {
    const codes = new Set(Array.from({ length: 1000 }, () => referralCodeCandidate()));
    expect(codes.size).toBe(1000);
  });

  it("builds the fallback from 'fallback' and the time", () => {
    const at = Date.UTC(2026, 10, 23);
    expect(fallbackReferralCode(at)).toMatch(new RegExp(`^fallback${at.toString(36)}[0-9a-z]{4}$`));
  });

  it("recognises the shape of every code it hands out, and nothing else", () => {
    expect(isReferralCodeShape(referralCodeCandidate())).toBe(true);
    expect(isReferralCodeShape(fallbackReferralCode())).toBe(true);
    for (const code of ["", "ABC123", "abc-123", "abc 123", "abc\u0000", "ab/../cd", "é1", "a".repeat(33)]) {
      expect(isReferralCodeShape(code)).toBe(false);
    }
  });
});
