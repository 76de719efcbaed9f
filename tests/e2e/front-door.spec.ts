// The front door on a phone and with large text (issue 16): no page scrolls sideways at
// 320 px, the header's links stay reachable at 200 % text size, the first Tab reaches the
// skip link, and the pages with nothing interactive ship no script at all.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { allowFailedResponse, closePage, joinWaitlist, newPage, unique, waitForHydration, withServerAndBrowser } from "./fixtures";

const e2e = withServerAndBrowser();

const MISSING_PAGE = "/no-such-page";
const PUBLIC_PAGES = ["/", "/trailer", "/join-waitlist", "/leaderboard", "/rewards", "/hall-of-fame", "/faq", "/contact", "/start", "/terms", "/privacy", "/login", MISSING_PAGE];
const STATIC_PAGES = ["/faq", "/rewards", "/terms", "/privacy", "/hall-of-fame", MISSING_PAGE];

/** The browser's text size setting (Settings → Appearance → Font size), as a visitor sets it. */
async function setTextSize(page: Page, percent: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: (16 * percent) / 100, fixed: (13 * percent) / 100 } });
}

async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function visit(page: Page, path: string) {
  if (path === MISSING_PAGE) allowFailedResponse(page, 404, MISSING_PAGE);
  const response = await page.goto(`${e2e.server.origin}${path}`);
  assert.ok(response && (response.ok() || response.status() === 404), `${path} answered ${response?.status()}`);
}

describe("front door", () => {
  it("no public or member page scrolls sideways at 320 px", async () => {
    const page = await newPage(e2e.browser, { viewport: { width: 320, height: 640 } });
    try {
      for (const path of PUBLIC_PAGES) {
        await visit(page, path);
        assert.equal(await sidewaysScroll(page), 0, `${path} scrolls sideways at 320 px`);
      }
      await visit(page, "/join-waitlist");
      await joinWaitlist(page, `narrow${unique()}@example.com`);
      await page.getByRole("heading", { name: "You're In!" }).waitFor();
      assert.equal(await sidewaysScroll(page), 0, "the thank-you page scrolls sideways at 320 px");
      await visit(page, "/dashboard");
      assert.equal(await sidewaysScroll(page), 0, "the dashboard scrolls sideways at 320 px");
    } finally {
      await closePage(page);
    }
  });

  it("at 200 % text size the header folds into its menu, every link reachable, nothing sideways", async () => {
    const page = await newPage(e2e.browser, { viewport: { width: 1280, height: 800 } });
    try {
      await setTextSize(page, 200);
      for (const path of PUBLIC_PAGES) {
        await visit(page, path);
        assert.equal(await sidewaysScroll(page), 0, `${path} scrolls sideways at 200 % text`);
        // Home has its own hero links; sign-in and start have no header.
        if (["/", "/start", "/login"].includes(path)) continue;
        const logo = await page.getByRole("link", { name: /home$/ }).first().boundingBox();
        assert.ok(logo && logo.x >= 0, `${path}: the logo is on screen (${JSON.stringify(logo)})`);
        await page.locator("header summary").click();
        const links = page.getByRole("navigation", { name: "Mobile" }).getByRole("link");
        for (const link of await links.all()) {
          const box = await link.boundingBox();
          assert.ok(box && box.x >= 0 && box.x + box.width <= 1280, `${path}: "${await link.innerText()}" is reachable`);
        }
        assert.ok((await links.count()) >= 6, `${path}: the menu lists the site's links`);
      }
      await visit(page, "/");
      // Measured once the page is ready: until then the streamed markup may still hold a hidden copy of a part it is swapping in.
      await waitForHydration(page);
      const title = await page.getByRole("heading", { level: 1 }).boundingBox();
      // The one in the page: until React's streamed reveal of the trailer's boundary has run, a hidden copy waits outside #main.
      const trailer = await page.locator("#main").getByTestId("trailer-player").boundingBox();
      assert.ok(title && trailer && (title.y + title.height <= trailer.y || title.x + title.width <= trailer.x), "the home title wraps in its column, clear of the trailer");
    } finally {
      await closePage(page);
    }
  });

  it("the first Tab reaches the skip link, which moves past the header", async () => {
    const page = await newPage(e2e.browser);
    try {
      for (const path of ["/faq", "/leaderboard"]) {
        await visit(page, path);
        await page.keyboard.press("Tab");
        assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), "Skip to content", path);
        await page.keyboard.press("Enter");
        assert.equal(await page.evaluate(() => location.hash), "#main", path);
      }
    } finally {
      await closePage(page);
    }
  });

  it("pages with nothing interactive ship no script, and their questions open without one", async () => {
    const page = await newPage(e2e.browser);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    try {
      for (const path of STATIC_PAGES) {
        await visit(page, path);
        assert.equal(await page.locator("script").count(), 0, `${path} has no <script>`);
      }
      assert.deepEqual(scripts, [], "no script was downloaded");
      await visit(page, "/faq");
      const answer = page.getByText("After you join you get a personal link.");
      assert.equal(await answer.isVisible(), false);
      await page.getByText("How do referrals work?").click();
      await answer.waitFor({ state: "visible" });
    } finally {
      await closePage(page);
    }
  });

  it("a one-time notice still shows on a page without scripts", async () => {
    const page = await newPage(e2e.browser);
    try {
      await visit(page, "/faq?ref=nobodys-code");
      await page.waitForURL(`${e2e.server.origin}/faq`);
      await page.getByRole("status").getByText("Referral Applied!").waitFor();
    } finally {
      await closePage(page);
    }
  });

  it("built scripts go out compressed once at build time: brotli when accepted, else gzip", async () => {
    const html = await (await fetch(`${e2e.server.origin}/join-waitlist`)).text();
    const script = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)?.[0];
    assert.ok(script, "the page names its client entry");
    const plain = await fetch(`${e2e.server.origin}${script}`, { headers: { "Accept-Encoding": "identity" } });
    const plainBytes = (await plain.arrayBuffer()).byteLength;
    for (const [accepted, expected] of [["gzip, deflate, br", "br"], ["gzip", "gzip"]] as const) {
      // fetch decodes the body; the headers still say what was sent.
      const response: Response = await fetch(`${e2e.server.origin}${script}`, { headers: { "Accept-Encoding": accepted } });
      await response.body?.cancel();
      assert.equal(response.headers.get("content-encoding"), expected, `Accept-Encoding: ${accepted}`);
      assert.ok(Number(response.headers.get("content-length")) < plainBytes / 2, `${expected} is smaller than half the script`);
      assert.match(response.headers.get("cache-control") ?? "", /immutable/);
    }
  });

  it("pages with forms raise no Content-Security-Policy issue (DevTools' Issues panel, as Lighthouse reads it)", async () => {
    const page = await newPage(e2e.browser);
    try {
      const cdp = await page.context().newCDPSession(page);
      const issues: string[] = [];
      cdp.on("Audits.issueAdded", ({ issue }) => issues.push(`${issue.code}: ${JSON.stringify(issue.details).slice(0, 300)}`));
      await cdp.send("Audits.enable");
      for (const path of ["/", "/join-waitlist", "/contact", "/login"]) {
        // Not "networkidle": a page may hold its live stream open. Hydrated and idle is when the
        // page has run what it runs.
        await visit(page, path);
        await waitForHydration(page);
      }
      assert.deepEqual(issues.filter((issue) => issue.startsWith("ContentSecurityPolicy")), []);
    } finally {
      await closePage(page);
    }
  });
});

