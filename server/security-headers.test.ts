import { describe, expect, it } from "vitest";
import { isPersonalRequest } from "./security-headers";

describe("personal responses", () => {
  it.each([
    ["/admin/settings", undefined, true],
    ["/admin/settings.data", undefined, true],
    ["/dashboard", undefined, true],
    ["/thank-you", undefined, true],
    ["/api/waitlist.csv", undefined, true],
    ["/api/auth/magic-link/verify", undefined, true],
    ["/leaderboard", "better-auth.session_token=abc", true],
    ["/leaderboard", "__Secure-better-auth.session_token=abc", true],
    ["/leaderboard", undefined, false],
    ["/", "theme=dark", false],
    ["/administrator-guide", undefined, false],
    ["/api/avatars/1.svg", "better-auth.session_token=abc", false],
    ["/uploads/product_images/1.png", "better-auth.session_token=abc", false],
  ])("%s (cookie %s) is personal: %s", (path, cookie, expected) => {
    expect(isPersonalRequest(path, cookie)).toBe(expected);
  });
});
