// Monthly seasons in the browser: the leaderboard's "This month" and "All time" tabs, an
// admin confirming a finished season's winners (one e-mail each), and the Hall of Fame.
// The demo members joined 40+ days ago, so the boot-time catch-up has frozen at least one
// finished season on this fresh server.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { closePage, CREW_NAME, newPage, readMailbox, signIn, waitForHydration, withServerAndBrowser } from "./fixtures";

const e2e = withServerAndBrowser();

describe("monthly seasons", () => {
  it("shows this month by default and all time on the other tab", async () => {
    const page = await newPage(e2e.browser);
    await page.goto(`${e2e.server.origin}/leaderboard`);
    const tabs = page.getByRole("navigation", { name: "Leaderboard views" });
    assert.equal(await tabs.getByRole("link", { name: "This month" }).getAttribute("aria-current"), "page");
    assert.match(await page.getByTestId("season-note").innerText(), /points earned this month\. The season ends /);
    await tabs.getByRole("link", { name: "All time" }).click();
    await page.waitForURL(/view=all-time/);
    // The address changes before the new list renders: wait for the tab itself.
    await tabs.locator('a[aria-current="page"]', { hasText: "All time" }).waitFor();
    // The demo members (the first joined 45 days ago) are on the all-time list by crew name,
    // never by anything of their addresses (ADR 0042).
    const rows = page.getByTestId("leaderboard-row");
    await rows.first().waitFor();
    const names = await rows.locator("span.truncate").allInnerTexts();
    assert.ok(names.length >= 6, `the demo members are listed: ${names.join(", ")}`);
    for (const name of names) assert.match(name.trim(), CREW_NAME);
    assert.doesNotMatch(await page.locator("main").innerText(), /captain\.nova|pixel\.pilot|star\.sketcher|comet\.kid|moonbeam|orbit\.otter/i);
    await closePage(page);
  });

  it("lets an admin confirm a finished season's winners once, e-mails each winner, and lists them in the Hall of Fame", async () => {
    const visitor = await newPage(e2e.browser);
    await visitor.goto(`${e2e.server.origin}/hall-of-fame`);
    await visitor.getByText("The first season's winners will appear here soon.").waitFor();

    const admin = await newPage(e2e.browser);
    await signIn(admin, e2e.server.origin, "admin@example.com");
    await admin.goto(`${e2e.server.origin}/admin/seasons`);
    await waitForHydration(admin);
    const standings = admin.getByTestId("season-standing");
    await standings.first().waitFor();
    const firstRow = (await standings.first().innerText()).replace(/\s+/g, " ");
    assert.match(firstRow, /^#1 [A-Z][a-z]+ [A-Z][a-z]+ [1-9]\d? \d+ \d+ Early access pass \+ Exclusive digital content$/, `the top of the frozen list wins the pass: ${firstRow}`);
    const winners = await standings.filter({ hasText: "Exclusive digital content" }).count();
    const winnerNames = await Promise.all(
      Array.from({ length: winners }, async (_, index) => (await standings.filter({ hasText: "Exclusive digital content" }).nth(index).locator("td").nth(1).innerText()).trim()),
    );

    const mailsBefore = (await readMailbox(e2e.server.origin)).filter((mail) => mail.subject.startsWith("Congratulations")).length;
    await admin.getByRole("button", { name: "Confirm winners" }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Confirm and send" }).click();
    await admin.getByText("Winners Confirmed!").waitFor();
    await admin.getByRole("button", { name: "Confirm winners" }).waitFor({ state: "detached" });
    await admin.getByText(/Winners confirmed .* and e-mailed\./).waitFor();

    const congratulations = (await readMailbox(e2e.server.origin)).filter((mail) => mail.subject.startsWith("Congratulations"));
    assert.equal(congratulations.length - mailsBefore, winners, "one e-mail per winner");
    assert.equal(new Set(congratulations.map((mail) => mail.to)).size, congratulations.length, "each winner gets exactly one");
    for (const name of winnerNames) assert.match(name, CREW_NAME);

    await visitor.goto(`${e2e.server.origin}/hall-of-fame`);
    const hall = visitor.getByTestId("hall-of-fame-winner");
    await hall.first().waitFor();
    assert.equal(await hall.count(), Math.min(winners, 10));
    assert.match((await hall.first().innerText()).replace(/\s+/g, " "), new RegExp(`^#1 ${winnerNames[0]!} Early access pass`));
    await closePage(visitor);
    await closePage(admin);
  });
});
