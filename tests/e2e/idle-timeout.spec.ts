// Spec §4 session timeout across tabs: activity in any tab keeps every tab signed in;
// when the whole browser is idle, one tab warns and signs out once, and the other tabs
// follow; the server ends an idle session by itself. Minutes pass on controllable clocks:
// Playwright's clock for the browser's timers, the test server's clock (TEST_CLOCK,
// ADR 0036) for its idle rule, moved together.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { beforeEach, describe, it } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { allowFailedResponse, closePage, newPage, setServerClock, signIn, withServerAndBrowser, waitForHydration } from "./fixtures";

const e2e = withServerAndBrowser({ env: { TEST_CLOCK: "true" } });

let serverOffsetMs = 0;

/**
 * Lets `ms` pass for the server and the browser. A jump (fastForward) rather than runFor:
 * runFor would run a tab's leader-election wait to its end within the one call, before
 * the other tab's answer (a BroadcastChannel message) could arrive, and both would lead.
 */
async function pass(context: BrowserContext, ms: number) {
  serverOffsetMs += ms;
  await setServerClock(e2e.server, serverOffsetMs);
  await context.clock.fastForward(ms);
}

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

async function setSessionTimeout(minutes: number) {
  const admin = await newPage(e2e.browser);
  try {
    await signIn(admin, e2e.server.origin, "admin@example.com");
    await admin.goto(`${e2e.server.origin}/admin/settings`);
    await waitForHydration(admin);
    await admin.getByLabel("Session Timeout (minutes)").fill(String(minutes));
    await admin.getByRole("button", { name: "Save All Settings" }).click();
    await admin.getByText("Settings Updated!").waitFor();
    // The back office still works with the new timeout (a page that threw would show its error page).
    await admin.goto(`${e2e.server.origin}/admin/settings`);
    await waitForHydration(admin);
    assert.equal(await admin.getByLabel("Session Timeout (minutes)").inputValue(), String(minutes));
    assert.equal(await admin.getByText("Something went wrong").count(), 0);
  } finally {
    await closePage(admin);
  }
}

/** A member signed in, on two tabs of one browser whose clock the test moves. */
async function memberInTwoTabs(): Promise<{ tabA: Page; tabB: Page; context: BrowserContext; logoutPosts: () => number }> {
  const tabA = await newPage(e2e.browser);
  const context = tabA.context();
  await context.clock.install();
  let logoutPosts = 0;
  context.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/logout") logoutPosts += 1;
  });
  await signIn(tabA, e2e.server.origin, `idle-${randomBytes(4).toString("hex")}@example.com`);
  // Pages that hydrate: the idle timer is a script (pages without one, ADR 0024, have none).
  await tabA.goto(`${e2e.server.origin}/leaderboard`);
  await waitForHydration(tabA);
  const tabB = await context.newPage();
  await tabB.goto(`${e2e.server.origin}/leaderboard`);
  await waitForHydration(tabB);
  return { tabA, tabB, context, logoutPosts: () => logoutPosts };
}

/**
 * Uses tab A (a mouse move every 5 s) for `ms`, checking that no tab warns; then the
 * server still has the session.
 */
async function stayBusy(tabs: { tabA: Page; tabB: Page; context: BrowserContext }, ms: number) {
  for (let step = 0, passed = 0; passed < ms; step += 1, passed += 5_000) {
    await tabs.tabA.mouse.move(100 + (step % 7) * 40, 200 + (step % 5) * 30);
    await pass(tabs.context, 5_000);
    assert.equal(await isWarningOpen(tabs.tabA), false, `tab A shows no warning while used (${passed / 1000} s in)`);
    assert.equal(await isWarningOpen(tabs.tabB), false, `tab B shows no warning while tab A is used (${passed / 1000} s in)`);
  }
}

/**
 * Leaves both tabs idle: exactly one shows the warning, not before `warningAfterMs` of
 * idleness, then the browser signs out once and both tabs end signed out.
 */
async function idleUntilSignedOut(tabs: { tabA: Page; tabB: Page; context: BrowserContext; logoutPosts: () => number }, timeoutMs: number, warningAfterMs: number) {
  const { tabA, tabB, context } = tabs;
  // Once signed out, the probe answers 401, which Chromium logs as a console error.
  for (const tab of [tabA, tabB]) allowFailedResponse(tab, 401, "/api/session/activity");
  const warned = new Set<string>();
  let firstWarningAtMs: number | null = null;
  let bothSignedOut = false;
  // stayBusy's last step let 5 s pass after the last mouse move.
  for (let idleMs = 5_000; idleMs <= timeoutMs + 30_000 && !bothSignedOut; ) {
    await pass(context, 2_500);
    idleMs += 2_500;
    const [a, b] = await Promise.all([isWarningOpen(tabA), isWarningOpen(tabB)]);
    assert.ok(!(a && b), "never a warning in both tabs at once");
    if (a) warned.add("A");
    if (b) warned.add("B");
    if ((a || b) && firstWarningAtMs === null) firstWarningAtMs = idleMs;
    if (tabs.logoutPosts() > 0 && warned.size > 0) {
      // The leader navigates away at once; the other tab reloads a (browser) second later.
      await Promise.all([tabA, tabB].map((tab) => tab.waitForLoadState("load").catch(() => undefined)));
      const statuses = await Promise.all([tabA, tabB].map((tab) => activityStatus(tab).catch(() => 0)));
      const headerLogins = await Promise.all(
        [tabA, tabB].map((tab) => tab.getByRole("link", { name: /^(Crew )?Login$/ }).first().isVisible().catch(() => false)),
      );
      bothSignedOut = statuses.every((status) => status === 401) && headerLogins.every(Boolean);
    }
  }
  assert.equal(warned.size, 1, `exactly one tab showed the warning (saw ${[...warned].join(", ") || "none"})`);
  assert.ok(
    firstWarningAtMs !== null && firstWarningAtMs >= warningAfterMs && firstWarningAtMs <= warningAfterMs + 2_500,
    `the warning opened after ${warningAfterMs / 1000} s idle (at ${firstWarningAtMs} ms)`,
  );
  assert.ok(bothSignedOut, "both tabs end signed out, showing Crew Login");
  await pass(context, 5_000); // a late second sign-out would show up here
  assert.equal(tabs.logoutPosts(), 1, "one sign-out request for the browser");
}

describe("session timeout across tabs", () => {
  beforeEach(async () => {
    serverOffsetMs = 0;
    await setServerClock(e2e.server, 0);
  });

  it("keeps both tabs signed in while one is used, then warns once and signs out once for the browser (2 minutes)", async () => {
    await setSessionTimeout(2);
    const tabs = await memberInTwoTabs();
    try {
      // Activity in tab A only, for longer than the whole timeout: nobody is warned.
      await stayBusy(tabs, 2 * 60_000 + 30_000);
      assert.equal(tabs.logoutPosts(), 0);
      assert.equal(await activityStatus(tabs.tabA), 200, "still signed in after the timeout, thanks to tab A");
      // Both idle: the warning 60 s before the end, in one tab, then one sign-out.
      await idleUntilSignedOut(tabs, 2 * 60_000, 60_000);
    } finally {
      await closePage(tabs.tabA);
    }
  });

  it("ends an idle session on the server, with no browser timer involved", async () => {
    await setSessionTimeout(2);
    const page = await newPage(e2e.browser);
    try {
      await signIn(page, e2e.server.origin, `idle-${randomBytes(4).toString("hex")}@example.com`);
      const probe = () => page.request.post(`${e2e.server.origin}/api/session/activity`).then((response) => response.status());
      assert.equal(await probe(), 200, "signed in");
      await setServerClock(e2e.server, 110_000);
      assert.equal(await probe(), 200, "a session used within the timeout stays");
      await setServerClock(e2e.server, 220_000);
      assert.equal(await probe(), 200, "each use starts the timeout again");
      await setServerClock(e2e.server, 220_000 + 2 * 60_000 + 1_000);
      assert.equal(await probe(), 401, "idle for longer than the timeout: the server ended the session");
      await page.goto(`${e2e.server.origin}/leaderboard`);
      await page.getByRole("link", { name: /^(Crew )?Login$/ }).first().waitFor();
    } finally {
      await closePage(page);
    }
  });

  it("works with the shortest timeout, 1 minute: pages render, a busy tab stays in, the warning comes 30 s before the end", async () => {
    await setSessionTimeout(1);
    const tabs = await memberInTwoTabs();
    try {
      assert.equal(await tabs.tabA.getByText("Something went wrong").count(), 0);
      await stayBusy(tabs, 90_000);
      assert.equal(tabs.logoutPosts(), 0);
      assert.equal(await activityStatus(tabs.tabA), 200, "still signed in after the timeout, thanks to tab A");
      await idleUntilSignedOut(tabs, 60_000, 30_000);
    } finally {
      await closePage(tabs.tabA);
    }
  });
});
