import { describe, expect, it } from "vitest";
import {
  DEFAULT_BRAND_COLOR,
  DEFAULT_LOGO_URL,
  editSessionTimeoutInput,
  parseBrandLogoUrl,
  parseLeaderboardVisible,
  parsePrimaryBrandColor,
  parseSessionTimeoutMinutes,
  parseSocialLinks,
  parseTextValue,
  readableTextOn,
} from "./settings-rules";

describe("leaderboard_visible", () => {
  it("is visible for boolean true and the string 'true'", () => {
    expect(parseLeaderboardVisible(true)).toBe(true);
    expect(parseLeaderboardVisible("true")).toBe(true);
  });
  it("is hidden for anything else that is stored", () => {
    for (const stored of [false, "false", "TRUE", 1, null, "yes"]) expect(parseLeaderboardVisible(stored)).toBe(false);
  });
  it("defaults to visible when no value is stored", () => {
    expect(parseLeaderboardVisible(undefined)).toBe(true);
  });
});

describe("brand_logo_url", () => {
  it("is trimmed", () => expect(parseBrandLogoUrl("  https://cdn.example/logo.png ")).toBe("https://cdn.example/logo.png"));
  it("falls back to the default logo when empty", () => {
    expect(parseBrandLogoUrl("   ")).toBe(DEFAULT_LOGO_URL);
    expect(parseBrandLogoUrl(undefined)).toBe(DEFAULT_LOGO_URL);
  });
});

describe("primary_brand_color", () => {
  it("keeps a hex colour", () => expect(parsePrimaryBrandColor("#1e3a8a")).toBe("#1E3A8A"));
  it("falls back to #F8A719 when empty or not a colour", () => {
    expect(DEFAULT_BRAND_COLOR).toBe("#F8A719");
    for (const stored of ["", "  ", undefined, "red", "#12345g"]) expect(parsePrimaryBrandColor(stored)).toBe("#F8A719");
  });
  it("picks readable text for light and dark brand colours", () => {
    expect(readableTextOn("#F8A719")).toBe("#1f1300");
    expect(readableTextOn("#1E3A8A")).toBe("#ffffff");
  });
});

describe("session_timeout_minutes", () => {
  it("parses positive integers from numbers and strings", () => {
    expect(parseSessionTimeoutMinutes(45)).toBe(45);
    expect(parseSessionTimeoutMinutes(" 15 ")).toBe(15);
  });
  it("turns empty, invalid, zero and negative values into 30", () => {
    for (const stored of ["", "abc", 0, "0", -5, "-5", "1.5", undefined, null]) {
      expect(parseSessionTimeoutMinutes(stored)).toBe(30);
    }
  });
  it("loads a stored value over one week (10,080 minutes) as 30", () => {
    expect(parseSessionTimeoutMinutes(10_080)).toBe(10_080);
    for (const stored of [10_081, "9999999999", 9_999_999_999, "99999999999999999999999999"]) {
      expect(parseSessionTimeoutMinutes(stored)).toBe(30);
    }
  });
  it("shows a non-number or a value <= 0 as an empty box while editing", () => {
    expect(editSessionTimeoutInput("abc")).toBe("");
    expect(editSessionTimeoutInput("0")).toBe("");
    expect(editSessionTimeoutInput("-3")).toBe("");
    expect(editSessionTimeoutInput("20")).toBe("20");
  });
});

describe("social links and text values", () => {
  it("always has the four networks, trimmed", () => {
    expect(parseSocialLinks({ facebook: " https://fb.example ", extra: "x" })).toEqual({
      facebook: "https://fb.example",
      twitter: "",
      instagram: "",
      linkedin: "",
    });
    expect(parseSocialLinks("not an object")).toEqual({ facebook: "", twitter: "", instagram: "", linkedin: "" });
  });
  it("accepts a plain string or an object with html_content", () => {
    expect(parseTextValue("Hello")).toBe("Hello");
    expect(parseTextValue({ html_content: "<p>Hi</p>" })).toEqual({ html_content: "<p>Hi</p>" });
    expect(parseTextValue({ text: 1 })).toBeNull();
  });
});
