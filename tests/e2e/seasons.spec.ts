// Monthly seasons in the browser: the leaderboard's "This month" and "All time" tabs, an
// admin confirming a finished season's winners (one e-mail each), and the Hall of Fame;
// then a winner claiming their prize from the e-mail's link and the admin shipping it.
// The demo members joined 40+ days ago, so the boot-time catch-up has frozen at least one
// finished season on this fresh server.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { allowFailedResponse, closePage, CREW_NAME, newPage, readMailbox, signIn, waitForHydration, withServerAndBrowser } from "./fixtures";

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
    await admin.getByTestId("prize-claim-status").first().waitFor();
    assert.equal(await admin.getByTestId("prize-claim-status").count(), winners, "each winner's claim is listed");
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

  it("lets a winner claim the prize from the e-mail's link, and an admin reveal the address and mark it shipped", async () => {
    // Follows the confirmation above: the winner e-mails are in the dev mailbox.
    const [mail] = (await readMailbox(e2e.server.origin)).filter((entry) => entry.subject.startsWith("Congratulations"));
    assert.ok(mail, "a winner e-mail is in the mailbox");
    const winner = await newPage(e2e.browser);
    await winner.goto(`${e2e.server.origin}/dev/mailbox/${mail.id}`);
    const text = await winner.locator("pre").first().innerText();
    assert.doesNotMatch(text, /reply to this e-mail/i, "nobody is asked to reply with an address");
    const claimLink = winner.locator('a[href*="/claim-prize?token="]').first();
    const memberId = new URL(await claimLink.getAttribute("href") ?? "").searchParams.get("token")?.split(".")[0];
    assert.ok(memberId, "the claim link names the member");
    await claimLink.click();
    await winner.waitForURL(/\/claim-prize\?token=/);
    await winner.getByRole("heading", { name: "Claim your prize" }).waitFor();
    await waitForHydration(winner);

    // The demo members joined before the age question existed: it comes first.
    await winner.getByLabel("Birth month").selectOption("4");
    await winner.getByLabel("Birth year").fill("1988");
    await winner.getByRole("button", { name: "Continue" }).click();
    await winner.getByRole("heading", { name: "Where should we send it?" }).waitFor();

    await winner.getByLabel("Name for delivery").fill("Pat Parent");
    await winner.getByLabel("Address line 1").fill("12 Comet Lane");
    await winner.getByLabel("Town or city").fill("Springfield");
    await winner.getByLabel("State, province or region (optional)").fill("OR");
    await winner.getByLabel("Postal code (optional where there is none)").fill("97477");
    await winner.getByLabel("Country").fill("United States");
    await winner.getByRole("button", { name: "Send the address" }).click();
    await winner.getByRole("heading", { name: "Prize claimed!" }).waitFor();
    await closePage(winner);

    // Another winner, without JavaScript (and without cookies): the same page, posted natively.
    const second = (await readMailbox(e2e.server.origin)).filter((entry) => entry.subject.startsWith("Congratulations"))[1];
    if (second) {
      const plain = await newPage(e2e.browser, { javaScriptEnabled: false });
      await plain.goto(`${e2e.server.origin}/dev/mailbox/${second.id}`);
      await plain.locator('a[href*="/claim-prize?token="]').first().click();
      await plain.getByLabel("Birth month").selectOption("11");
      await plain.getByLabel("Birth year").fill("1979");
      await plain.getByRole("button", { name: "Continue" }).click();
      await plain.getByRole("heading", { name: "Where should we send it?" }).waitFor();
      await plain.getByLabel("Name for delivery").fill("Sam Guardian");
      allowFailedResponse(plain, 400, "/claim-prize"); // the refusal below, on purpose
      await plain.getByRole("button", { name: "Send the address" }).click();
      await plain.getByText("Enter the street address.").waitFor(); // refused (400), nothing stored
      await plain.getByLabel("Address line 1").fill("1 Orbit Road");
      await plain.getByLabel("Town or city").fill("Portland");
      await plain.getByLabel("Country").fill("United States");
      await plain.getByRole("button", { name: "Send the address" }).click();
      await plain.getByRole("heading", { name: "Prize claimed!" }).waitFor();
      await closePage(plain);
    }

    const admin = await newPage(e2e.browser);
    await signIn(admin, e2e.server.origin, "admin@example.com");
    await admin.goto(`${e2e.server.origin}/admin/seasons`);
    await waitForHydration(admin);
    const row = admin.getByTestId("season-standing").filter({ has: admin.locator(`img[src="/api/avatars/${memberId}.svg"]`) });
    assert.equal(await row.getByTestId("prize-claim-status").innerText(), "claimed");
    await row.getByRole("button", { name: /^Reveal the shipping address of / }).click();
    await admin.getByText("Address Revealed").waitFor();
    assert.match((await row.getByTestId("shipping-address").innerText()).replace(/\s+/g, " "), /Pat Parent 12 Comet Lane 97477 Springfield OR United States/);
    await row.getByRole("button", { name: /^Mark the prize of .* shipped$/ }).click();
    await admin.getByText("Marked Shipped!").waitFor();
    await row.getByTestId("prize-claim-status").filter({ hasText: "shipped" }).waitFor();
    await closePage(admin);
  });
});
