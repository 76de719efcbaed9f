import { describe, expect, it } from "vitest";
import { compileTrustProxy } from "./trust-proxy.server";

describe("compileTrustProxy", () => {
  it("trusts no hop when no proxy is configured", () => {
    const isTrusted = compileTrustProxy(false);
    expect(isTrusted("127.0.0.1", 0)).toBe(false);
  });

  it("trusts exactly the given number of hops, nearest first", () => {
    const isTrusted = compileTrustProxy(2);
    expect([0, 1, 2].map((hop) => isTrusted("203.0.113.7", hop))).toEqual([true, true, false]);
  });

  it("trusts only hops from the given addresses", () => {
    const isTrusted = compileTrustProxy(["loopback", "10.0.0.0/8"]);
    expect(isTrusted("127.0.0.1", 0)).toBe(true);
    expect(isTrusted("::1", 0)).toBe(true);
    expect(isTrusted("10.1.2.3", 1)).toBe(true);
    expect(isTrusted("203.0.113.7", 0)).toBe(false);
  });
});
