// Spec §4 session timeout across tabs: activity in any tab keeps every tab signed in;
// when the whole browser is idle, one tab warns and signs out once, and the other
// tabs follow. Real time with a 2-minute timeout (warning after 60 s idle).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { allowFailedResponse, closePage, launchBrowser, newPage, signIn, startServer, waitForHydration, type TestServer } from "./fixtures";

const TIMEOUT_MINUTES = 2;
const TIMEOUT_MS = TIMEOUT_MINUTES * 60_000;

async function isWarningOpen(page: Page): Promise<boolean> {
  return page
    .getByRole("alertdialog")
    .filter({ hasText: "Are you still there?" })
    .isVisible()
    .catch(() => false);
}

async function activityStatus(page: Page): Promise<number> {
  return page.evaluate(() => fetch("/api/session/activity", { method: "POST" }).then((response) => response.status));
}

describe("session timeout across tabs", () => {
  let server: TestServer;
  let browser: Browser;

  before(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const admin = await newPage(browser);
    try {
      await signIn(admin, server.origin, "admin@example.com");
      await admin.goto(`${server.origin}/admin/settings`);
      await waitForHydration(admin);
      await admin.getByLabel("Session Timeout (minutes)").fill(String(TIMEOUT_MINUTES));
      await admin.getByRole("button", { name: "Save All Settings" }).click();
      await admin.getByText("Settings Updated!").waitFor();
    } finally {
      await closePage(admin);
    }
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("keeps both tabs alive while one is used, then warns once and signs out once for the browser", { timeout: 8 * 60_000 }, async () => {
    const tabA = await newPage(browser);
    const context = tabA.context();
    let logoutPosts = 0;
    context.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/logout") logoutPosts += 1;
    });
    try {
      await signIn(tabA, server.origin, `idle-${randomBytes(4).toString("hex")}@example.com`);
      // Pages that hydrate: the idle timer is a script (pages without one, ADR 0024, have none).
      await tabA.goto(`${server.origin}/leaderboard`);
      const tabB = await context.newPage();
      await tabB.goto(`${server.origin}/leaderboard`);
      await tabB.getByRole("heading", { level: 1 }).waitFor();

      // 1. Activity in tab A only, for longer than the whole timeout: nobody is warned.
      const activeUntil = Date.now() + TIMEOUT_MS + 15_000;
      for (let step = 0; Date.now() < activeUntil; step += 1) {
        await tabA.mouse.move(100 + (step % 7) * 40, 200 + (step % 5) * 30);
        assert.equal(await isWarningOpen(tabA), false, "tab A shows no warning while used");
        assert.equal(await isWarningOpen(tabB), false, "tab B shows no warning while tab A is used");
        await delay(5_000);
      }
      assert.equal(logoutPosts, 0);
      assert.equal(await activityStatus(tabA), 200, "still signed in after the timeout, thanks to tab A");

      // 2. Both idle: one warning (in one tab), one sign-out, both tabs end signed out.
      // The probe below then answers 401 (signed out), which Chromium logs as a console error.
      for (const tab of [tabA, tabB]) allowFailedResponse(tab, 401, "/api/session/activity");
      const warned = new Set<string>();
      const idleDeadline = Date.now() + TIMEOUT_MS + 30_000;
      let bothSignedOut = false;
      while (Date.now() < idleDeadline) {
        const [a, b] = await Promise.all([isWarningOpen(tabA), isWarningOpen(tabB)]);
        assert.ok(!(a && b), "never a warning in both tabs at once");
        if (a) warned.add("A");
        if (b) warned.add("B");
        if (logoutPosts > 0 && warned.size > 0) {
          const statuses = await Promise.all([tabA, tabB].map((tab) => activityStatus(tab).catch(() => 0)));
          const headerLogins = await Promise.all(
            [tabA, tabB].map((tab) => tab.getByRole("link", { name: /^(Crew )?Login$/ }).first().isVisible().catch(() => false)),
          );
          if (statuses.every((status) => status === 401) && headerLogins.every(Boolean)) {
            bothSignedOut = true;
            break;
          }
        }
        await delay(500);
      }
      assert.equal(warned.size, 1, `exactly one tab showed the warning (saw ${[...warned].join(", ") || "none"})`);
      assert.ok(bothSignedOut, "both tabs end signed out, showing Crew Login");
      await delay(2_000); // any late second sign-out would show up here
      assert.equal(logoutPosts, 1, "one sign-out request for the browser");
    } finally {
      await closePage(tabA);
    }
  });
});
