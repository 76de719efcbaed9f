// Regenerates docs/screenshots/ (issue 16): home, join, thank-you and leaderboard at 375 and
// 1280 CSS pixels wide, full page, one device pixel per CSS pixel, as <page>-<width>.png.
// Builds nothing: run `npm run build` first, then
//   npm run screenshots
// It starts the built app (server.js) with a fresh PGlite database seeded with the demo
// content, at http://localhost:<port>, and drives Debian's Chromium (CHROMIUM_PATH, default
// /usr/bin/chromium) through playwright-core; no browser is downloaded.
//
// The thank-you page is reached the way a visitor reaches it: the join form, filled with a
// fresh address on a hydrated page, so the hidden bot guard (ALTCHA) solves its challenge on
// submit. Each width joins its own new member. The "Welcome Aboard!" toast is waited out, so
// the shot shows the page a visitor keeps looking at. Before each shot the page is scrolled
// through (lazy images start loading), then the script waits for the network to go quiet,
// every image to be decoded and the fonts to be ready. Nothing is hidden.
import fs from "node:fs/promises";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/e2e/chromium";
import { ROOT, startDemoApp } from "./app-process";

const OUT_DIR = path.join(ROOT, "docs", "screenshots");
const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

/** Resolves once React has hydrated the page (its fiber on the first heading). */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const heading = document.querySelector("h1") ?? document.body;
    return Object.keys(heading).some((key) => key.startsWith("__reactFiber$"));
  });
}

/** Scrolls through the page, then waits for quiet network, decoded images, fonts and no toast. */
async function settle(page: Page) {
  // "instant": the site scrolls smoothly, and each smooth scroll would cancel the one before.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo({ top: y, behavior: "instant" });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    window.scrollTo({ top: 0, behavior: "instant" });
  });
  await page.waitForLoadState("networkidle");
  // Images that are laid out; a lazy image that is not displayed (another width's) never loads.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete || image.getClientRects().length === 0));
  await page.evaluate(async () => {
    await Promise.all([...document.images].filter((image) => image.complete).map((image) => image.decode().catch(() => undefined)));
    await document.fonts.ready;
  });
  await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 15_000 });
  // Two frames, so what was decoded is painted.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function shoot(page: Page, name: string, width: number) {
  await settle(page);
  const file = path.join(OUT_DIR, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true });
  const { size } = await fs.stat(file);
  console.log(`${path.relative(ROOT, file)}  ${(size / 1024).toFixed(0)} KiB`);
}

await fs.mkdir(OUT_DIR, { recursive: true });
const app = await startDemoApp();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ["--headless", ...CHROMIUM_FLAGS],
});
// A context per shot series: its own cookies, so each join is a new visitor.
const openPage = async (viewport: (typeof WIDTHS)[number]) => {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  context.setDefaultTimeout(30_000);
  return context.newPage();
};
try {
  // The pages anyone sees first, so the leaderboard holds the demo members only.
  for (const viewport of WIDTHS) {
    const page = await openPage(viewport);
    for (const [name, pathname] of [
      ["home", "/"],
      ["join", "/join-waitlist"],
      ["leaderboard", "/leaderboard"],
    ] as const) {
      await page.goto(`${app.origin}${pathname}`);
      await shoot(page, name, viewport.width);
    }
    await page.context().close();
  }
  for (const viewport of WIDTHS) {
    const page = await openPage(viewport);
    await page.goto(`${app.origin}/join-waitlist`);
    await waitForHydration(page);
    // A fresh address of an everyday length: the page shows it in full.
    await page.getByLabel("Your e-mail address").first().fill(`crew.${Math.random().toString(36).slice(2, 8)}@example.com`);
    await page.getByRole("button", { name: "Join the Crew" }).first().click();
    await page.waitForURL(/\/thank-you/);
    await page.locator("#referral-link").waitFor();
    await shoot(page, "thank-you", viewport.width);
    await page.context().close();
  }
} finally {
  await browser.close();
  await app.stop();
}
