import { describe, expect, it } from "vitest";
import { describeConsent } from "./consent-label";

describe("a consent record in words", () => {
  it("says how, when and which notice", () => {
    expect(describeConsent({ consentMethod: "parent_email_plus", consentAt: new Date("2026-11-20T10:00:00Z"), privacyNoticeVersion: 2 })).toBe("Parent (e-mail plus), 2026-11-20, privacy notice v2");
    expect(describeConsent({ consentMethod: "self", consentAt: "2026-01-02T00:00:00Z", privacyNoticeVersion: 1 })).toBe("Self, 2026-01-02, privacy notice v1");
    expect(describeConsent({ consentMethod: null, consentAt: null, privacyNoticeVersion: null })).toBe("Not recorded (joined before the age question)");
  });

  it("says the country given on the age question and the consent age that applied (issue 38)", () => {
    expect(describeConsent({ consentMethod: "parent_email_plus", consentAt: "2026-11-20T10:00:00Z", privacyNoticeVersion: 3, consentCountry: "ES", consentAge: 14 })).toBe(
      "Parent (e-mail plus), 2026-11-20, privacy notice v3, country ES, consent age 14",
    );
    expect(describeConsent({ consentMethod: "self", consentAt: "2026-11-20T10:00:00Z", privacyNoticeVersion: 3, consentCountry: null, consentAge: 13 })).toBe(
      "Self, 2026-11-20, privacy notice v3, no country given, consent age 13",
    );
  });
});
