import { describe, expect, it } from "vitest";
import { isThrowawayAddress } from "./throwaway-domains.server";

const none = { blocked: [], allowed: [] };

describe("throwaway addresses", () => {
  it("knows the maintained list's domains and their subdomains", () => {
    expect(isThrowawayAddress("kid@mailinator.com", none)).toBe(true);
    expect(isThrowawayAddress("kid@inbox.mailinator.com", none)).toBe(true);
    expect(isThrowawayAddress("kid@MAILINATOR.COM", none)).toBe(true);
    expect(isThrowawayAddress("parent@gmail.com", none)).toBe(false);
    expect(isThrowawayAddress("parent@school.example.org", none)).toBe(false);
  });

  it("adds the admin's blocked domains and lets the admin's allowed domains through", () => {
    expect(isThrowawayAddress("x@spam.example", { blocked: ["spam.example"], allowed: [] })).toBe(true);
    expect(isThrowawayAddress("x@mx.spam.example", { blocked: ["spam.example"], allowed: [] })).toBe(true);
    expect(isThrowawayAddress("kid@mailinator.com", { blocked: [], allowed: ["mailinator.com"] })).toBe(false);
  });
});
