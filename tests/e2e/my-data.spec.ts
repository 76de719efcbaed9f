// My data (issue 29, ADR 0045): a member downloads everything kept about them, then deletes
// it by the link e-mailed to them; afterwards a sign-in link of theirs no longer works and
// the leaderboard shows everyone else exactly as before.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { allowFailedResponse, closePage, crewNameOnThankYou, joinWaitlist, latestMailTo, newestMailId, newPage, requestMagicLink, signIn, unique, waitForHeading, waitForHydration, withServerAndBrowser } from "./fixtures";

const e2e = withServerAndBrowser();

/** Every leaderboard row as "crew name: points", in order (ranks left out: those behind a deleted member move up). */
async function leaderboardRows(page: Page): Promise<string[]> {
  await page.goto(`${e2e.server.origin}/leaderboard`);
  const rows = page.getByTestId("leaderboard-row");
  await rows.first().waitFor();
  const names = await rows.locator("span.font-bold").allInnerTexts();
  const points = await rows.locator("span.text-lg.font-extrabold.block").allInnerTexts();
  return names.map((name, index) => `${name.trim()}: ${points[index]?.trim()}`);
}

describe("My data", () => {
  it("downloads the member's data, then deletes it all by the e-mailed link", async () => {
    const email = `data.owner.${unique()}@example.com`;
    const page = await newPage(e2e.browser, { clientAddress: "198.51.100.61" });
    await page.goto(`${e2e.server.origin}/join-waitlist`);
    await joinWaitlist(page, email);
    assert.equal(await waitForHeading(page, "You're In!"), "You're In!");
    const crewName = await crewNameOnThankYou(page);
    const othersBefore = (await leaderboardRows(page)).filter((row) => !row.startsWith(`${crewName}:`));
    assert.ok(othersBefore.length >= 3, "the demo crew is on the leaderboard");

    await signIn(page, e2e.server.origin, email);
    await waitForHeading(page, "My Dashboard");
    await waitForHydration(page);
    const card = page.locator("#my-data");
    const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("button", { name: "Download my data" }).click()]);
    const file = JSON.parse(await readFile((await download.path())!, "utf8")) as { membership: { crewName: string }; pointsHistory: { what: string; points: number }[] };
    assert.equal(file.membership.crewName, crewName);
    assert.deepEqual(file.pointsHistory.map((entry) => entry.what), ["+10 — joined the waitlist"]);

    // A sign-in link asked for from another browser, not opened: it must not outlive the member.
    const other = await newPage(e2e.browser, { clientAddress: "198.51.100.62" });
    const beforeRequest = await newestMailId(e2e.server.origin);
    await other.goto(`${e2e.server.origin}/login`);
    await requestMagicLink(other, email);
    const spare = await latestMailTo(e2e.server.origin, email, /\/api\/auth\/magic-link\/verify\?token=/, { newerThan: beforeRequest });

    const beforeDelete = await newestMailId(e2e.server.origin);
    await page.goto(`${e2e.server.origin}/dashboard#my-data`);
    await waitForHydration(page);
    await card.getByRole("button", { name: "Delete my data" }).click();
    await card.getByTestId("my-data-message").filter({ hasText: "Open it to confirm" }).waitFor();
    const confirmation = await latestMailTo(e2e.server.origin, email, /\/delete-my-data\?token=/, { newerThan: beforeDelete });
    await page.goto(confirmation.link!);
    await page.getByRole("button", { name: "Delete everything" }).click();
    assert.equal(await waitForHeading(page, "Your data is deleted"), "Your data is deleted");

    // Gone: the unopened sign-in link does not sign anyone in, the leaderboard shows the others exactly.
    await other.goto(spare.link!);
    await other.waitForURL(/\/login\?error=/);
    await other.goto(`${e2e.server.origin}/dashboard`);
    assert.match(new URL(other.url()).pathname, /^\/join-waitlist$/);
    const after = await leaderboardRows(page);
    assert.deepEqual(after, othersBefore);
    // The link again: spent, a clear 410 page.
    allowFailedResponse(page, 410, "/delete-my-data");
    await page.goto(confirmation.link!);
    assert.equal(await waitForHeading(page, "Already deleted"), "Already deleted");
    await closePage(other);
    await closePage(page);
  });
});
