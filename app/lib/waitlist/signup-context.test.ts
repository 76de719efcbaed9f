import { describe, expect, it } from "vitest";
import { countryOf, deviceClassOf } from "./signup-context";

describe("deviceClassOf", () => {
  it("tells phones, tablets, desktops and bots apart", () => {
    expect(deviceClassOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148")).toBe("mobile");
    expect(deviceClassOf("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36")).toBe("mobile");
    expect(deviceClassOf("Mozilla/5.0 (Linux; Android 13; SM-X200) Chrome/120 Safari/537.36")).toBe("tablet");
    expect(deviceClassOf("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe("tablet");
    expect(deviceClassOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120")).toBe("desktop");
    expect(deviceClassOf("Googlebot/2.1")).toBe("bot");
    expect(deviceClassOf(undefined)).toBe("unknown");
  });
});

describe("countryOf", () => {
  it("prefers the region of the language tag", () => {
    expect(countryOf({ language: "en-GB", timeZone: "America/New_York" })).toBe("GB");
    expect(countryOf({ language: "zh-Hant-TW" })).toBe("TW");
  });

  it("falls back to a single-country time zone, else gives up", () => {
    expect(countryOf({ language: "fr", timeZone: "Europe/Paris" })).toBe("FR");
    expect(countryOf({ language: "en", timeZone: "Etc/UTC" })).toBeNull();
    expect(countryOf({})).toBeNull();
  });
});
