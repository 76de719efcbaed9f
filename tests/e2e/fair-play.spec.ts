// Fair play in the browser: a referral from the referrer's own network is held, earns
// nothing when the friend confirms, and counts once an admin approves it on the Review tab.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { allowFailedResponse, closePage, confirmEmailByLink, crewNameOnThankYou, latestMailTo, newPage, signIn, waitForHeading, joinWaitlist, leaderboardPoints as leaderboardPointsOn, unique, withServerAndBrowser } from "./fixtures";

const e2e = withServerAndBrowser();

const join = joinWaitlist;

const leaderboardPoints = (page: Page, crewName: string) => leaderboardPointsOn(page, e2e.server.origin, crewName);

describe("the review queue", () => {
  it("holds a referral from the referrer's network until an admin approves it", async () => {
    const mum = `mum${unique()}`;
    const kid = `kid${unique()}`;
    const mumsPhone = await newPage(e2e.browser, { clientAddress: "198.51.100.50" });
    await mumsPhone.goto(`${e2e.server.origin}/join-waitlist`);
    await join(mumsPhone, `${mum}@example.com`);
    await waitForHeading(mumsPhone, "You're In!");
    const link = await mumsPhone.locator("#referral-link").inputValue();
    const mumName = await crewNameOnThankYou(mumsPhone);

    // The kid joins on another device at home: the same network.
    const kidsTablet = await newPage(e2e.browser, { clientAddress: "198.51.100.51" });
    await kidsTablet.goto(link.replace(/^https?:\/\/[^/]+/, e2e.server.origin));
    await join(kidsTablet, `${kid}@example.com`);
    assert.equal(await waitForHeading(kidsTablet, "You're In!"), "You're In!");
    const kidName = await crewNameOnThankYou(kidsTablet);
    const welcome = await latestMailTo(e2e.server.origin, `${kid}@example.com`, /\/confirm-email\?token=/);
    await confirmEmailByLink(kidsTablet, welcome.link!.replace(/^https?:\/\/[^/]+/, e2e.server.origin));
    assert.equal(await leaderboardPoints(mumsPhone, mumName), 10, "a held referral earns nothing");

    const admin = await newPage(e2e.browser);
    await signIn(admin, e2e.server.origin, "admin@example.com", { loginPath: "/login?redirectTo=%2Fadmin%2Freferral-leaderboard" });
    await admin.waitForURL(/\/admin\/referral-leaderboard/);
    await admin.getByRole("link", { name: /^Review \(\d+ held\)$/ }).click();
    await admin.waitForURL(/\/admin\/referral-leaderboard\/review/);
    const group = admin.getByTestId("review-group").filter({ hasText: `${mum}@example.com` });
    const held = group.getByTestId("held-referral").filter({ hasText: `${kid}@example.com` });
    await held.getByText("Same network as the referrer or their other friends within a day").waitFor();
    await group.getByLabel(/^Note/).fill("Mum and kid, checked");
    await held.getByRole("button", { name: `Approve ${kid}@example.com` }).click();
    await admin.getByText("Referrals Approved").waitFor();
    await group.waitFor({ state: "detached" });

    assert.equal(await leaderboardPoints(mumsPhone, mumName), 20);
    assert.equal(await leaderboardPoints(mumsPhone, kidName), 15);
    await closePage(admin);
    await closePage(mumsPhone);
    await closePage(kidsTablet);
  });

  it("refuses an out-of-range review limit in Settings with the field's message", async () => {
    const admin = await newPage(e2e.browser);
    await signIn(admin, e2e.server.origin, "admin@example.com", { loginPath: "/login?redirectTo=%2Fadmin%2Fsettings" });
    await admin.waitForURL(/\/admin\/settings/);
    const refused = allowFailedResponse(admin, 400, "/admin/settings");
    await admin.getByLabel("Referrals per day before review").fill("0");
    await admin.getByRole("button", { name: "Save All Settings" }).click();
    await admin.getByText("Referrals per day must be a whole number from 1 to 10000.").first().waitFor();
    refused();
    await closePage(admin);
  });
});
