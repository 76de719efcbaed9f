import { describe, expect, it } from "vitest";
import { safeRedirectPath, signOutDestination } from "./redirects";

// Where a browser would actually go if handed `Location: <result>` on our site.
function landsOn(location: string): string {
  return new URL(location, "https://launchcrew.example").origin;
}

const HOSTILE = [
  "//evil.example",
  "//evil.example/path?x=1",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "%2F%2Fevil.example",
  decodeURIComponent("%2F%2Fevil.example"),
  "/%2F/evil.example",
  "/%09/evil.example",
  decodeURIComponent("/%09/evil.example"),
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/ /evil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "/..//evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "/javascript:alert(1)",
  "http://evil.example",
  "https://evil.example/",
  "http:/evil.example",
  "data:text/html,<script>alert(1)</script>",
  "/\u0000/evil.example",
  "/\u007f/evil.example",
  "/\u00a0/evil.example",
  "/\u2028/evil.example",
  "",
  "evil.example",
];

describe("safeRedirectPath", () => {
  it.each(HOSTILE)("keeps %j on our origin", (raw) => {
    const result = safeRedirectPath(raw, "/fallback");
    expect(landsOn(result)).toBe("https://launchcrew.example");
    expect(result.startsWith("/")).toBe(true);
    expect(result.startsWith("//")).toBe(false);
  });

  it("refuses the plainly hostile forms outright", () => {
    for (const raw of ["//evil.example", "/\\evil.example", "\\/evil.example", "/\t/evil.example", "http://evil.example", "javascript:alert(1)", "/.//evil.example"]) {
      expect(safeRedirectPath(raw, "/fallback")).toBe("/fallback");
    }
  });

  it("keeps an ordinary path with its query and hash", () => {
    expect(safeRedirectPath("/admin/members?page=2#top", "/")).toBe("/admin/members?page=2#top");
    expect(safeRedirectPath("/dashboard", "/")).toBe("/dashboard");
    expect(safeRedirectPath("/leaderboard?q=caf%C3%A9", "/")).toBe("/leaderboard?q=caf%C3%A9");
  });

  it("falls back when there is nothing usable", () => {
    expect(safeRedirectPath(null, "/dashboard")).toBe("/dashboard");
    expect(safeRedirectPath(undefined)).toBe("/");
  });
});

describe("signOutDestination", () => {
  it("sends members-only pages to /login and everything else home", () => {
    expect(signOutDestination("/admin/overview")).toBe("/login");
    expect(signOutDestination("/dashboard")).toBe("/login");
    expect(signOutDestination("/leaderboard")).toBe("/");
    expect(signOutDestination("//evil.example/admin")).toBe("/");
  });
});
