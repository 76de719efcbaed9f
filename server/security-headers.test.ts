import fs from "node:fs";
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { applySecurityHeaders, isPersonalRequest } from "./security-headers";

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

// Issue 37: a page with a token in its URL or form (a sign-in link's landing, unsubscribe, a
// parent's answer, an erasure or address confirmation, an invite, a prize claim, an e-mail
// confirmation) must not be kept by a shared cache or the browser: private, no-store.
describe("pages that carry a token", () => {
  const routesSource = fs.readFileSync("app/routes.ts", "utf8");
  const pages = [...routesSource.matchAll(/route\("([^"]+)", "routes\/([^"]+)"\)/g)].map(([, urlPath, file]) => ({ path: `/${urlPath}`, file: `app/routes/${file}` }));
  const TOKEN_READ = /\.get\("(token|code|pass)"\)/;
  const tokenPages = pages.filter((page) => TOKEN_READ.test(fs.readFileSync(page.file, "utf8")));

  it("are found in the routes: at least the issue's list", () => {
    expect(tokenPages.map((page) => page.path)).toEqual(
      expect.arrayContaining(["/confirm-email", "/parent-consent", "/parent-consent/answer", "/parent-consent/revoke", "/claim-prize", "/invite", "/confirm-address", "/unsubscribe", "/delete-my-data"]),
    );
  });

  it.each(tokenPages.map((page) => [page.path]))("%s is sent private, no-store, even without a session", (path) => {
    expect(isPersonalRequest(path, undefined)).toBe(true);
    const headers = new Map<string, string>();
    applySecurityHeaders({ setHeader: (name: string, value: string) => void headers.set(name.toLowerCase(), value) } as unknown as ServerResponse, { strict: false, path, cookieHeader: undefined });
    expect(headers.get("cache-control")).toBe("private, no-store");
  });

  it("the sign-in link's landing is one too, and public pages without a token stay cacheable", () => {
    expect(isPersonalRequest("/api/auth/magic-link/verify", undefined)).toBe(true);
    for (const path of ["/", "/leaderboard", "/faq", "/hall-of-fame", "/join-waitlist"]) expect(isPersonalRequest(path, undefined), path).toBe(false);
  });
});
