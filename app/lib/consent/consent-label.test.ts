import { describe, expect, it } from "vitest";
import { describeConsent } from "./consent-label";

describe("a consent record in words", () => {
  it("says how, when and which notice", () => {
    expect(describeConsent({ consentMethod: "parent_email_plus", consentAt: new Date("2026-11-20T10:00:00Z"), privacyNoticeVersion: 2 })).toBe("Parent (e-mail plus), 2026-11-20, privacy notice v2");
    expect(describeConsent({ consentMethod: "self", consentAt: "2026-01-02T00:00:00Z", privacyNoticeVersion: 1 })).toBe("Self, 2026-01-02, privacy notice v1");
    expect(describeConsent({ consentMethod: null, consentAt: null, privacyNoticeVersion: null })).toBe("Not recorded (joined before the age question)");
  });
});
