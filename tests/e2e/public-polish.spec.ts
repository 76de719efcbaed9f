// What a visitor notices on the public side: no "Crew crew", a readable logo that fits
// a phone, no way to a hidden leaderboard, the member's referral link on the dashboard
// and a fullscreen trailer that keeps its controls.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { closePage, newPage, signIn, waitForHydration, withServerAndBrowser, answerAgeQuestion } from "./fixtures";

const e2e = withServerAndBrowser();

async function asAdmin(task: (admin: Page) => Promise<void>) {
  const admin = await newPage(e2e.browser);
  try {
    await signIn(admin, e2e.server.origin, "admin@example.com");
    await task(admin);
  } finally {
    await closePage(admin);
  }
}

async function setLeaderboardVisible(visible: boolean) {
  await asAdmin(async (admin) => {
    await admin.goto(`${e2e.server.origin}/admin/settings`);
    await waitForHydration(admin);
    const toggle = admin.getByLabel("Leaderboard Visible");
    if ((await toggle.getAttribute("aria-checked")) !== String(visible)) await toggle.click();
    await admin.getByRole("button", { name: "Save All Settings" }).click();
    await admin.getByText("Settings Updated!").waitFor();
  });
}

async function quickLinks(page: Page): Promise<string[]> {
  return (await page.getByRole("navigation", { name: "Quick links" }).getByRole("link").allTextContents()).map((text) => text.trim());
}

describe("public polish", () => {
  it("never says \"Crew crew\" on the start page", async () => {
    const page = await newPage(e2e.browser);
    try {
      await page.goto(`${e2e.server.origin}/start`);
      const text = await page.locator("main").innerText();
      assert.doesNotMatch(text, /crew\s+crew/i);
    } finally {
      await closePage(page);
    }
  });

  it("shows a full-size logo and one-line quick links on a 375 px home page", async () => {
    const page = await newPage(e2e.browser, { viewport: { width: 375, height: 812 } });
    try {
      await page.goto(`${e2e.server.origin}/`);
      const logo = page.locator('[data-slot="brand-logo"] img').first();
      await logo.waitFor();
      await page.waitForFunction(() => (document.querySelector('[data-slot="brand-logo"] img') as HTMLImageElement | null)?.complete);
      const logoBox = await logo.boundingBox();
      assert.ok(logoBox && logoBox.width >= 100, `logo is ${logoBox?.width}px wide`);
      const login = await page.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: "Crew Login" }).boundingBox();
      assert.ok(login && login.height < 40, `"Crew Login" is ${login?.height}px tall (wrapped?)`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, "no sideways scrolling");
    } finally {
      await closePage(page);
    }
  });

  it("links the hero to the leaderboard only while it is visible", async () => {
    const page = await newPage(e2e.browser);
    try {
      await page.goto(`${e2e.server.origin}/`);
      assert.ok((await quickLinks(page)).includes("Leaderboard"));
      await setLeaderboardVisible(false);
      await page.goto(`${e2e.server.origin}/`);
      assert.deepEqual(await quickLinks(page), ["Rewards", "Crew Login"]);
    } finally {
      await setLeaderboardVisible(true);
      await closePage(page);
    }
  });

  it("shows the member's referral link with Copy Link and share buttons on the dashboard", async () => {
    const email = `dash-${randomBytes(4).toString("hex")}@example.com`;
    const page = await newPage(e2e.browser);
    try {
      await page.goto(`${e2e.server.origin}/join-waitlist`);
      await page.getByLabel("Your e-mail address").first().fill(email);
      await answerAgeQuestion(page);
      await page.getByRole("button", { name: "Join the Crew" }).first().click();
      await page.waitForURL(/\/thank-you/);
      const link = await page.locator("#referral-link").inputValue();
      await signIn(page, e2e.server.origin, email);
      await page.goto(`${e2e.server.origin}/dashboard`);
      assert.equal(await page.getByLabel("Your referral link").inputValue(), link);
      assert.match(link, /\/\?ref=/);
      assert.equal(await page.getByLabel("Your referral link").getAttribute("readonly"), "");
      await page.getByRole("button", { name: "Copy Link" }).waitFor();
      const shares = await page.getByRole("list", { name: "Share your link" }).getByRole("link").allTextContents();
      assert.deepEqual(shares.map((text) => text.trim()), ["Facebook", "X", "LinkedIn", "Email"]);
    } finally {
      await closePage(page);
    }
  });

  it("keeps play, mute and exit-fullscreen usable in fullscreen", async () => {
    await asAdmin(async (admin) => {
      await admin.goto(`${e2e.server.origin}/admin/video-manager`);
      await waitForHydration(admin);
      await admin.getByLabel("Video URL").fill("/media/trailer.webm");
      await admin.getByRole("button", { name: "Save Video Settings" }).click();
      await admin.getByText("Video settings have been saved successfully.").waitFor();
    });
    const page = await newPage(e2e.browser);
    try {
      await page.goto(`${e2e.server.origin}/`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Fullscreen", exact: true }).click();
      // The button's label follows the browser's fullscreenchange event, a render later.
      await page
        .waitForFunction(() => document.fullscreenElement?.querySelector('button[aria-label="Exit fullscreen"]'), undefined, { timeout: 5000 })
        .catch(() => undefined);
      const inside = await page.evaluate(() =>
        ["Play", "Mute", "Exit fullscreen"].map((label) =>
          Boolean(document.fullscreenElement?.querySelector(`button[aria-label="${label}"]`)),
        ),
      );
      assert.deepEqual(inside, [true, true, true], "the fullscreen element holds our controls");
      await page.getByRole("button", { name: "Exit fullscreen" }).click();
      await page.waitForFunction(() => document.fullscreenElement === null);
    } finally {
      await closePage(page);
    }
  });
});
