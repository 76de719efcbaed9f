// A family keeps ten tabs of the site open: the browser holds one live-update stream for
// all of them (a stream per tab would use up HTTP/1.1's six connections per host and
// stall the join form), every tab still follows admin changes, and when the tab holding
// the stream closes another one takes over.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { closePage, newPage, poll, signIn, waitForHeading, waitForHydration, withServerAndBrowser, answerAgeQuestion } from "./fixtures";

const e2e = withServerAndBrowser();

/** The server's count of open event streams, from its metrics (readable from loopback). */
async function openEventStreams(): Promise<number> {
  const metrics = await fetch(`${e2e.server.origin}/metrics`).then((response) => response.text());
  const line = metrics.split("\n").find((entry) => entry.startsWith("launchcrew_event_streams_open "));
  return Number(line?.split(" ")[1] ?? Number.NaN);
}

/** Waits until the server holds `expected` open streams; returns the count. */
async function waitForOpenStreams(expected: number): Promise<number> {
  return poll(async () => ((await openEventStreams()) === expected ? expected : undefined), {
    timeoutMs: 5_000,
    describe: async () => `expected ${expected} open event stream(s), the server holds ${await openEventStreams()}`,
  });
}

async function setLeaderboardVisible(admin: Page, visible: boolean) {
  await admin.goto(`${e2e.server.origin}/admin/settings`);
  await waitForHydration(admin);
  const toggle = admin.getByRole("switch", { name: /Leaderboard Visible/ });
  if ((await toggle.getAttribute("aria-checked")) !== String(visible)) await toggle.click();
  await admin.getByRole("button", { name: "Save All Settings" }).click();
  await admin.getByText("Settings Updated!").waitFor();
}

const STATIC_PATHS = new Set(["/faq", "/rewards", "/terms", "/privacy"]);

describe("ten open tabs", () => {
  it("share one live stream, follow admin changes, and leave the join form fast", async () => {
    const first = await newPage(e2e.browser);
    const context = first.context();
    const paths = ["/", "/leaderboard", "/faq", "/rewards", "/trailer", "/contact", "/terms", "/privacy", "/leaderboard", "/join-waitlist"];
    const tabs: Page[] = [first];
    while (tabs.length < paths.length) tabs.push(await context.newPage());
    for (const [index, tab] of tabs.entries()) {
      await tab.goto(`${e2e.server.origin}${paths[index]}`);
      // FAQ, rewards, terms and privacy ship no script (ADR 0024): nothing to hydrate, no stream.
      if (!STATIC_PATHS.has(paths[index]!)) await waitForHydration(tab);
    }
    assert.equal(await waitForOpenStreams(1), 1, "one stream for the whole browser");

    const joinTab = tabs[9]!;
    await joinTab.getByLabel("Your e-mail address").first().fill(`tabs.${Date.now()}@example.com`);
    await answerAgeQuestion(joinTab);
    const submittedAt = Date.now();
    await joinTab.getByRole("button", { name: "Join the Crew" }).first().click();
    assert.equal(await waitForHeading(joinTab, "You're In!", 2_000), "You're In!");
    const joinMs = Date.now() - submittedAt;
    assert.ok(joinMs < 2_000, `the join took ${joinMs} ms with ten tabs open`);

    // A tab that does not hold the stream still follows a change made by an admin.
    const admin = await newPage(e2e.browser);
    await signIn(admin, e2e.server.origin, "admin@example.com", { loginPath: "/login?redirectTo=%2Fadmin%2Fsettings" });
    await admin.waitForURL(/\/admin\/settings/);
    await setLeaderboardVisible(admin, false);
    await tabs[1]!.getByText("Leaderboard Temporarily Hidden").waitFor({ timeout: 5_000 });
    await tabs[8]!.getByText("Leaderboard Temporarily Hidden").waitFor({ timeout: 5_000 });

    // The tab holding the stream closes: another one takes over, still one stream.
    await first.close();
    await setLeaderboardVisible(admin, true);
    await tabs[1]!.getByTestId("leaderboard-row").first().waitFor({ timeout: 5_000 });
    assert.equal(await waitForOpenStreams(2), 2, "one for the family's browser, one for the admin's");

    await closePage(admin);
    assert.equal(await waitForOpenStreams(1), 1);
    await closePage(tabs[1]!);
    assert.equal(await waitForOpenStreams(0), 0, "closed tabs release their stream");
  });
});
