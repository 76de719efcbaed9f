// Public pages: headings, site chrome per route, 404, server rendering, the
// mobile menu and the security headers (spec §2 Layout).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { allowFailedResponse, closePage, decodeEntities, waitForHeading, waitForHydration, newPage, withServerAndBrowser } from "./fixtures";

type Chrome = "full" | "footer-only" | "none";

const PAGES: { path: string; heading: string; chrome: Chrome; status?: number }[] = [
  { path: "/trailer", heading: "Watch the Trailer", chrome: "full" },
  { path: "/join-waitlist", heading: "Join the Waitlist", chrome: "full" },
  { path: "/leaderboard", heading: "Leaderboard", chrome: "full" },
  { path: "/rewards", heading: "Monthly Rewards", chrome: "full" },
  { path: "/hall-of-fame", heading: "Hall of Fame", chrome: "full" },
  { path: "/faq", heading: "Frequently Asked Questions", chrome: "full" },
  { path: "/contact", heading: "Contact Us", chrome: "full" },
  { path: "/terms", heading: "Terms of Service", chrome: "full" },
  { path: "/privacy", heading: "Privacy Policy", chrome: "full" },
  { path: "/unauthorized", heading: "Woah Buddy!", chrome: "full", status: 403 },
  { path: "/start", heading: "Start Your Adventure", chrome: "none" },
  { path: "/login", heading: "Crew Login", chrome: "none" },
];

const NOT_FOUND_PATH = "/no-such-page-here";

/** The text of every <h1> in server-rendered HTML. */
function headingsIn(html: string): string[] {
  return [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) =>
    decodeEntities((match[1] ?? "").replace(/<!--.*?-->/gs, "").replace(/<[^>]*>/g, "")).trim(),
  );
}

describe("public pages", () => {
  const e2e = withServerAndBrowser();

  for (const { path, heading, chrome, status = 200 } of PAGES) {
    it(`${path} shows "${heading}" with ${chrome === "full" ? "header and footer" : "no header and no footer"}`, async () => {
      const page = await newPage(e2e.browser);
      try {
        if (status !== 200) allowFailedResponse(page, status, path);
        const response = await page.goto(`${e2e.server.origin}${path}`);
        assert.equal(response?.status(), status, `${path} answered ${response?.status()}`);
        assert.equal(await waitForHeading(page, heading), heading);
        const headers = await page.locator("header").count();
        const footers = await page.locator("footer").count();
        if (chrome === "full") {
          assert.equal(headers, 1, `${path} should have one <header>`);
          assert.equal(footers, 1, `${path} should have one <footer>`);
          assert.equal(await page.getByRole("navigation", { name: "Main" }).count(), 1, "desktop nav");
          assert.equal(await page.locator("header summary").isVisible(), false, "menu button hidden at desktop width");
        } else {
          assert.equal(headers, 0, `${path} should have no <header>`);
          assert.equal(footers, 0, `${path} should have no <footer>`);
        }
      } finally {
        await closePage(page);
      }
    });
  }

  it("home (/) has a footer but no header", async () => {
    const page = await newPage(e2e.browser);
    try {
      const response = await page.goto(`${e2e.server.origin}/`);
      assert.equal(response?.status(), 200);
      assert.equal(await page.locator("header").count(), 0, "/ should have no <header>");
      assert.equal(await page.locator("footer").count(), 1, "/ should have a <footer>");
      assert.equal(await page.locator("h1").count(), 1, "/ should have one h1");
    } finally {
      await closePage(page);
    }
  });

  it(`an unknown path answers 404 and shows "404 Lost?" with header and footer`, async () => {
    const page = await newPage(e2e.browser);
    try {
      allowFailedResponse(page, 404, NOT_FOUND_PATH);
      const response = await page.goto(`${e2e.server.origin}${NOT_FOUND_PATH}`);
      assert.equal(response?.status(), 404);
      assert.match(response?.headers()["content-type"] ?? "", /text\/html/, "the 404 page is an HTML page");
      assert.equal(await waitForHeading(page, "404 Lost?"), "404 Lost?");
      assert.equal(await page.locator("header").count(), 1);
      assert.equal(await page.locator("footer").count(), 1);
      await page.getByRole("link", { name: "Back to Home" }).click();
      await page.waitForURL(`${e2e.server.origin}/`);
    } finally {
      await closePage(page);
    }
  });

  it("pages are rendered on the server (headings present in the raw HTML)", async () => {
    const failures: string[] = [];
    for (const { path, heading, status: expectedStatus = 200 } of [...PAGES, { path: NOT_FOUND_PATH, heading: "404 Lost?", status: 404 }]) {
      const response = await fetch(`${e2e.server.origin}${path}`, { redirect: "manual" });
      const html = await response.text();
      if (response.status !== expectedStatus) failures.push(`${path}: status ${response.status}, expected ${expectedStatus}`);
      if (!/text\/html/.test(response.headers.get("content-type") ?? "")) failures.push(`${path}: not text/html`);
      const headings = headingsIn(html);
      if (!headings.includes(heading)) failures.push(`${path}: h1 ${JSON.stringify(headings)}, expected "${heading}"`);
    }
    assert.deepEqual(failures, []);
  });

  it("pages work without JavaScript (server-rendered heading and menu)", async () => {
    const page = await newPage(e2e.browser, { javaScriptEnabled: false });
    try {
      await page.goto(`${e2e.server.origin}/trailer`);
      assert.equal(await waitForHeading(page, "Watch the Trailer"), "Watch the Trailer");
      const main = page.getByRole("navigation", { name: "Main" });
      for (const label of ["Home", "Trailer", "Join Waitlist", "Rewards", "FAQ", "Contact", "Login"]) {
        assert.equal(await main.getByRole("link", { name: label, exact: true }).count(), 1, `menu entry ${label}`);
      }
    } finally {
      await closePage(page);
    }
  });

  it("the anonymous menu lists the spec's entries in order", async () => {
    const page = await newPage(e2e.browser);
    try {
      await page.goto(`${e2e.server.origin}/faq`);
      const labels = (await page.getByRole("navigation", { name: "Main" }).locator("a, button").allTextContents()).map((t) =>
        t.trim(),
      );
      const expected = ["Home", "Trailer", "Join Waitlist", "Leaderboard", "Rewards", "FAQ", "Contact", "Login"];
      // The Leaderboard entry follows the admin's "leaderboard visible" setting (on in the demo data).
      assert.deepEqual(labels, expected);
    } finally {
      await closePage(page);
    }
  });

  it("on a phone the menu button opens the mobile nav, and following a link closes it", async () => {
    const page = await newPage(e2e.browser, { viewport: { width: 390, height: 844 } });
    try {
      // The leaderboard hydrates, so the link is followed by the client-side router.
      await page.goto(`${e2e.server.origin}/leaderboard`);
      await waitForHydration(page);
      const mobileNav = page.getByRole("navigation", { name: "Mobile", includeHidden: true });
      const menu = page.locator("header details");
      assert.equal(await page.getByRole("navigation", { name: "Main" }).isVisible(), false, "desktop nav hidden on a phone");
      assert.equal(await mobileNav.isVisible(), false, "mobile nav starts closed");

      await page.locator("header summary", { hasText: "Open menu" }).click();
      await mobileNav.waitFor({ state: "visible" });
      assert.equal(await menu.evaluate((details) => (details as HTMLDetailsElement).open), true);
      assert.equal(await page.locator("header summary").innerText(), "Close menu");

      await mobileNav.getByRole("link", { name: "Rewards", exact: true }).click();
      await page.waitForURL(`${e2e.server.origin}/rewards`);
      await mobileNav.waitFor({ state: "hidden" });
      assert.equal(await page.locator("header summary").innerText(), "Open menu");
      assert.equal(await waitForHeading(page, "Monthly Rewards"), "Monthly Rewards");
    } finally {
      await closePage(page);
    }
  });

  it("the phone menu opens without JavaScript too", async () => {
    const page = await newPage(e2e.browser, { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    try {
      await page.goto(`${e2e.server.origin}/faq`);
      const mobileNav = page.getByRole("navigation", { name: "Mobile", includeHidden: true });
      assert.equal(await mobileNav.isVisible(), false);
      await page.locator("header summary").focus();
      await page.keyboard.press("Enter");
      await mobileNav.waitFor({ state: "visible" });
      await mobileNav.getByRole("link", { name: "Contact", exact: true }).click();
      await page.waitForURL(`${e2e.server.origin}/contact`);
    } finally {
      await closePage(page);
    }
  });

  it("documents carry a Content-Security-Policy and other security headers", async () => {
    const page = await newPage(e2e.browser);
    try {
      const response = await page.goto(`${e2e.server.origin}/faq`);
      assert.ok(response, "navigation response");
      const headers = response.headers();
      const csp = headers["content-security-policy"] ?? "";
      assert.match(csp, /default-src 'self'/);
      assert.match(csp, /script-src [^;]*'nonce-/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.equal(headers["x-content-type-options"], "nosniff");
      // The nonce must let the app's own scripts run: no CSP violations on load.
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.reload();
      await page.waitForLoadState("load");
      assert.deepEqual(violations, []);
    } finally {
      await closePage(page);
    }
  });

  it("built files carry the security headers with a closed CSP, and a path that is no file gets the page's", async () => {
    const html = await (await fetch(`${e2e.server.origin}/faq`)).text();
    const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    assert.ok(stylesheet, "the page links its stylesheet");
    for (const file of [stylesheet, "/favicon.svg"]) {
      const answer = await fetch(`${e2e.server.origin}${file}`);
      assert.equal(answer.status, 200, file);
      assert.equal(answer.headers.get("content-security-policy"), "default-src 'none'; frame-ancestors 'none'", file);
      assert.equal(answer.headers.get("x-content-type-options"), "nosniff", file);
    }
    const missing = await fetch(`${e2e.server.origin}/assets/no-such-file.js`);
    assert.equal(missing.status, 404);
    assert.match(missing.headers.get("content-security-policy") ?? "", /script-src [^;]*'nonce-/);
  });
});
