// The growth funnel (issue 13, item 6): a friend arrives through a shared X link and
// joins, share clicks are counted, and Reports shows the numbers and downloads the CSV.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { allowFailedResponse, closePage, joinWaitlist, newPage, signIn, unique, waitForHeading, waitForHydration, withServerAndBrowser } from "./fixtures";

const e2e = withServerAndBrowser();
let admin: Page;

// A person's browser: the site does not count HeadlessChrome, which says it is one.
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

before(async () => {
  await e2e.ready();
  admin = await newPage(e2e.browser);
  await signIn(admin, e2e.server.origin, "admin@example.com");
});

type Figures = { steps: Record<string, number>; channels: Record<string, number[]>; k: string };

/** The funnel steps, the channel rows (clicks, visits, referred joins, referred confirmed) and K as the screen shows them. */
async function readFunnel(page: Page, query = ""): Promise<Figures> {
  await page.goto(`${e2e.server.origin}/admin/reports-analytics${query}`);
  await page.getByTestId("funnel-steps").waitFor();
  const steps = await page.getByTestId("funnel-steps").locator("tbody tr").evaluateAll((rows) =>
    Object.fromEntries(rows.map((row) => [row.querySelector("th")?.textContent ?? "", Number(row.querySelector("td")?.textContent)])),
  );
  const channels = await page.getByTestId("funnel-channels").locator("tbody tr").evaluateAll((rows) =>
    Object.fromEntries(
      rows.map((row) => [row.getAttribute("data-channel") ?? "", [...row.querySelectorAll("td")].slice(0, 4).map((cell) => Number(cell.textContent))]),
    ),
  );
  return { steps, channels, k: (await page.getByTestId("k-factor").textContent()) ?? "" };
}

const siteToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());

describe("the growth funnel", () => {
  it("counts a friend who arrives through an X share and joins, and the clicks that shared the link", async () => {
    const before = await readFunnel(admin);

    const host = await newPage(e2e.browser, { clientAddress: "198.51.100.61", userAgent: PERSON });
    await host.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.server.origin });
    await host.goto(`${e2e.server.origin}/join-waitlist`);
    await joinWaitlist(host, `host${unique()}@example.com`);
    assert.equal(await waitForHeading(host, "You're In!"), "You're In!");
    await waitForHydration(host);
    const copied = host.waitForResponse((response) => response.url().endsWith("/share/copy") && response.status() === 204);
    await host.getByRole("button", { name: "Copy Link" }).click();
    await host.getByText("Link Copied!").waitFor();
    await copied;
    assert.match(await host.evaluate(() => navigator.clipboard.readText()), /\/\?ref=[a-z0-9]+&via=copy$/);

    // The X button goes through our counter to X's share page, which the test plays.
    await host.context().route(/^https:\/\/twitter\.com\//, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>X</title><h1>X</h1>" }));
    const [intent] = await Promise.all([host.context().waitForEvent("page"), host.getByRole("link", { name: "X", exact: true }).click()]);
    await intent.waitForURL(/^https:\/\/twitter\.com\/intent\/tweet/);
    const sharedLink = new URL(intent.url()).searchParams.get("url") ?? "";
    assert.match(sharedLink, /\/\?ref=[a-z0-9]+&via=x$/);

    const friend = await newPage(e2e.browser, { clientAddress: "203.0.113.62", userAgent: PERSON });
    await friend.goto(sharedLink);
    await friend.getByText("Referral Applied!").waitFor();
    assert.equal(new URL(friend.url()).search, "", "ref and via are stripped from the address");
    await joinWaitlist(friend, `friend${unique()}@example.com`);
    assert.equal(await waitForHeading(friend, "You're In!"), "You're In!");

    const now = await readFunnel(admin);
    const delta = (step: string) => (now.steps[step] ?? 0) - (before.steps[step] ?? 0);
    assert.deepEqual(
      ["Landing visits", "Joins", "Confirmations", "Share clicks", "Referred joins"].map(delta),
      [1, 2, 0, 2, 1],
      "one visit (the friend's), two joins, the copy and the X click, one referred join",
    );
    const channelDelta = (channel: string) => now.channels[channel]!.map((value, index) => value - before.channels[channel]![index]!);
    assert.deepEqual(channelDelta("x"), [1, 1, 1, 0], "X: one click, one visit through it, one referred join");
    assert.deepEqual(channelDelta("copy"), [1, 0, 0, 0]);
    await Promise.all([closePage(host), closePage(friend)]);
  });

  it("downloads the daily series for the range on screen", async () => {
    const shown = await readFunnel(admin);
    const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: "Download CSV" }).click()]);
    assert.match(download.suggestedFilename(), /^funnel_\d{4}-\d{2}-\d{2}_to_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    const header = lines[0]!.split(",");
    const rows = lines.slice(1).map((line) => line.split(","));
    assert.equal(rows.length, 30, "one row for each of the last 30 days");
    assert.equal(rows.at(-1)![0], siteToday());
    const total = (column: string) => rows.reduce((sum, row) => sum + Number(row[header.indexOf(column)]), 0);
    assert.deepEqual(
      ["Visits", "Joins", "Confirmations", "Share clicks", "Referred joins"].map(total),
      ["Landing visits", "Joins", "Confirmations", "Share clicks", "Referred joins"].map((step) => shown.steps[step]),
    );
  });

  it("takes a range from the form, with JavaScript and without, and says what is wrong with a bad one", async () => {
    await admin.getByLabel("From", { exact: true }).fill("2026-01-01");
    await admin.getByLabel("To", { exact: true }).fill("2026-01-31");
    await admin.getByRole("button", { name: "Show" }).click();
    await admin.waitForURL(/from=2026-01-01&to=2026-01-31/);
    await admin.getByText("2026-01-01 to 2026-01-31").waitFor();

    const noScript = await newPage(e2e.browser, { javaScriptEnabled: false });
    await signIn(noScript, e2e.server.origin, "admin@example.com");
    await noScript.goto(`${e2e.server.origin}/admin/reports-analytics`);
    await noScript.getByLabel("From", { exact: true }).fill("2026-02-10");
    await noScript.getByLabel("To", { exact: true }).fill("2026-02-01");
    allowFailedResponse(noScript, 400, "/admin/reports-analytics");
    await noScript.getByRole("button", { name: "Show" }).click();
    await noScript.getByRole("alert").filter({ hasText: "The start date must be on or before the end date." }).waitFor();
    await closePage(noScript);
  });
});
