// Rehearsal mode (ADR 0051), end to end. With a real SMTP server: an owner starts a
// rehearsal; the banner shows to staff only; a rehearsed close of this month and its
// confirmed winners, and a broadcast, leave their e-mails in the back-office mailbox and nothing of them
// reaches the SMTP server (a sign-in link still does, so the sender was running); ending
// the rehearsal discards both. In local mail mode (webhooks may reach loopback only there):
// season.closed reaches the endpoint marked test and not the other one.
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { closePage, confirmEmailByLink, newPage, poll, requestMagicLink, signIn, unique, waitForHydration, withServerAndBrowser, joinWaitlist } from "./fixtures";
import { magicLinkIn, readableMail, smtpServerSecrets, startSmtpSink, type SmtpSink } from "./smtp-sink";

const OWNER = "admin@example.com";

/** Starts or ends the rehearsal from Site Settings and waits for the answer. */
async function switchRehearsal(page: Page, origin: string, to: "on" | "off") {
  await page.goto(`${origin}/admin/settings`);
  await waitForHydration(page);
  if (to === "on") {
    await page.getByRole("button", { name: "Start rehearsal" }).click();
    await page.getByText("Rehearsal Started").waitFor();
  } else {
    await page.getByRole("button", { name: "End rehearsal" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "End and discard" }).click();
    await page.getByText("Rehearsal Ended").waitFor();
  }
  await page.getByTestId("rehearsal-state").filter({ hasText: to === "on" ? "On" : "Off" }).waitFor();
}

/** Seasons → "Rehearse closing this month", then confirms the rehearsal season's winners. */
async function rehearseClose(page: Page, origin: string) {
  await page.goto(`${origin}/admin/seasons`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Rehearse closing this month" }).click();
  await page.getByText("Season Close Rehearsed").waitFor();
  await page.getByRole("navigation", { name: "Finished seasons" }).getByRole("link", { name: /\(rehearsal\)/ }).waitFor();
  await page.getByRole("button", { name: "Confirm winners" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Confirm and send" }).click();
  await page.getByText("Winners Confirmed!").waitFor();
}

describe("rehearsal mode with a real mail server", () => {
  let sink: SmtpSink | undefined;
  const env: Record<string, string> = {
    ...smtpServerSecrets("rehearsal"),
    ADMIN_EMAILS: OWNER,
  };
  before(async () => {
    sink = await startSmtpSink();
    env.SMTP_URL = sink.url;
  });
  after(async () => sink?.stop());
  const e2e = withServerAndBrowser({ env });

  async function signInThroughSmtp(page: Page, origin: string, email: string) {
    const seen = sink!.received.length;
    await page.goto(`${origin}/login?redirectTo=${encodeURIComponent("/admin/settings")}`);
    await requestMagicLink(page, email);
    const mail = await poll(async () => sink!.received.slice(seen).find((message) => message.to.includes(email)), {
      timeoutMs: 15_000,
      describe: () => `no sign-in e-mail to ${email} reached the SMTP server`,
    });
    await page.goto(magicLinkIn(mail)!);
    await page.waitForURL((url) => url.pathname === "/admin/settings");
  }

  it("keeps a season close inside the back-office mailbox, shows the banner to staff only, and discards it all at the end", async () => {
    const { origin } = e2e.server;
    const visitor = await newPage(e2e.browser, { clientAddress: "198.51.100.31" });
    const owner = await newPage(e2e.browser);
    try {
      // A member with points this month, so the month so far has a winner.
      const memberEmail = `rehearsal.kid.${unique()}@example.com`;
      await visitor.goto(`${origin}/join-waitlist`);
      await joinWaitlist(visitor, memberEmail);
      await visitor.waitForURL(/\/thank-you/);
      // They confirm their address (before the rehearsal, so the welcome e-mail really goes): a broadcast's audience.
      const welcome = await poll(async () => sink!.received.find((mail) => mail.to.includes(memberEmail) && /confirm-email\?token=/.test(readableMail(mail))), {
        timeoutMs: 15_000,
        describe: () => "no welcome e-mail reached the SMTP server",
      });
      await confirmEmailByLink(visitor, /https?:\/\/[^\s"<>]+\/confirm-email\?token=[^\s"<>]+/.exec(readableMail(welcome))![0].replace(/&amp;/g, "&"));

      await signInThroughSmtp(owner, origin, OWNER);
      await switchRehearsal(owner, origin, "on");
      await owner.getByTestId("rehearsal-banner").waitFor();
      await owner.goto(`${origin}/leaderboard`);
      await owner.getByTestId("rehearsal-banner").waitFor();

      await visitor.goto(`${origin}/`);
      assert.equal(await visitor.getByTestId("rehearsal-banner").count(), 0, "a visitor sees no banner");
      assert.doesNotMatch(await (await fetch(`${origin}/`)).text(), /Rehearsal mode is on/, "nor does a signed-out request's HTML say so");

      const sentBeforeClose = sink!.received.length;
      await rehearseClose(owner, origin);
      // Visitors never see a rehearsal's season.
      await visitor.goto(`${origin}/hall-of-fame`);
      await visitor.getByText("The first season's winners will appear here soon.").waitFor();

      // The winner e-mails wait in the back-office mailbox (there once the sender has claimed them).
      await owner.goto(`${origin}/admin/rehearsal-mailbox`);
      const winnerMail = owner.getByTestId("rehearsal-mail").filter({ hasText: "season winner" });
      await poll(
        async () => {
          await owner.reload();
          return (await winnerMail.count()) > 0;
        },
        { timeoutMs: 15_000, describe: () => "no winner e-mail in the back-office mailbox" },
      );
      const winners = (await winnerMail.allInnerTexts()).map((text) => /to (\S+@\S+)/.exec(text)?.[1] ?? "");
      assert.ok(winners.includes(memberEmail), `the member who earned points this month is a winner: ${winners.join(", ")}`);
      await winnerMail.first().click();
      await owner.getByRole("heading", { level: 1, name: /Congratulations/ }).waitFor();
      // Its claim link would act for the real winner: the back office shows the message without it (issue 37).
      const shown = await owner.locator("main").innerText();
      assert.match(shown, /\[link hidden in a rehearsal\]/);
      assert.doesNotMatch(shown, /claim-prize\?token=/);
      assert.doesNotMatch(await owner.locator("iframe[title='HTML part']").getAttribute("srcdoc") ?? "", /claim-prize\?token=/);

      // The sender is running (a sign-in link still goes out)…
      const signInPage = await newPage(e2e.browser);
      const seen = sink!.received.length;
      await signInPage.goto(`${origin}/login`);
      await requestMagicLink(signInPage, OWNER);
      await poll(async () => sink!.received.slice(seen).find((mail) => mail.to.includes(OWNER)), { timeoutMs: 15_000, describe: () => "the sign-in link did not go out during the rehearsal" });
      await closePage(signInPage);
      // A broadcast in the rehearsal goes, at its pace, into the back-office mailbox too.
      await owner.goto(`${origin}/admin/broadcasts`);
      await waitForHydration(owner);
      await owner.getByLabel("Subject", { exact: true }).fill("Rehearsal news for {{CREW_NAME}}");
      await owner.getByRole("textbox", { name: "Message", exact: true }).click();
      await owner.keyboard.type("You have {{POINTS}} points.");
      await owner.getByRole("button", { name: "Send broadcast" }).click();
      await owner.getByText("Broadcast Started!").waitFor();
      await owner.getByText("Rehearsal", { exact: true }).first().waitFor();
      await owner.goto(`${origin}/admin/rehearsal-mailbox`);
      await poll(
        async () => {
          await owner.reload();
          return (await owner.getByTestId("rehearsal-mail").filter({ hasText: "Rehearsal news for" }).count()) > 0;
        },
        { timeoutMs: 15_000, describe: () => "the rehearsal's broadcast is not in the back-office mailbox" },
      );

      // …and nothing of the season close or the broadcast reached the mail server.
      const leaked = sink!.received
        .slice(sentBeforeClose)
        .filter((mail) => winners.some((winner) => mail.to.includes(winner)) || /^Subject: .*(Congratulations|Rehearsal news)/im.test(readableMail(mail)));
      assert.deepEqual(leaked.map((mail) => mail.to), [], "no winner e-mail left the site");

      // Every winner e-mail and the one broadcast message count, held or still queued: the
      // mailbox holds all the winners' once the sender has claimed them, at its pace.
      let discards = "";
      await poll(
        async () => {
          await owner.goto(`${origin}/admin/rehearsal-mailbox`);
          const held = await winnerMail.count();
          await owner.goto(`${origin}/admin/settings`);
          discards = await owner.getByTestId("rehearsal-discards").innerText();
          return new RegExp(`Ending it discards ${held + 1} messages?, 1 season close, 0 waves, 1 broadcast\\.`).test(discards) || undefined;
        },
        { timeoutMs: 20_000, describe: () => `the discards do not add up to the held winner e-mails and the broadcast's: ${discards}` },
      );
      await switchRehearsal(owner, origin, "off");
      await owner.getByTestId("rehearsal-banner").waitFor({ state: "detached" });
      await owner.goto(`${origin}/admin/rehearsal-mailbox`);
      await owner.getByText("No rehearsal is running.").waitFor();
      await owner.goto(`${origin}/admin/seasons`);
      assert.equal(await owner.getByRole("link", { name: /\(rehearsal\)/ }).count(), 0, "the rehearsal season is gone");
      // Discarded: still nothing at the mail server a moment later.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      assert.deepEqual(sink!.received.slice(sentBeforeClose).filter((mail) => winners.some((winner) => mail.to.includes(winner))).map((mail) => mail.to), []);
    } finally {
      await closePage(visitor);
      await closePage(owner);
    }
  });
});

describe("rehearsal mode and webhooks", () => {
  const e2e = withServerAndBrowser();

  /** An endpoint that keeps the type and data of every event it gets. */
  async function startReceiver() {
    const received: { type: string; data: Record<string, unknown> }[] = [];
    const server = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        received.push(JSON.parse(body) as { type: string; data: Record<string, unknown> });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  async function addEndpoint(page: Page, url: string, isTest: boolean) {
    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByLabel("season.closed").check();
    if (isTest) await page.getByLabel("Test endpoint").check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByText("Endpoint Added!").waitFor();
    await page.getByTestId("webhook-endpoint").filter({ hasText: url }).waitFor();
  }

  it("sends season.closed only to the endpoint marked test", async () => {
    const { origin } = e2e.server;
    const testEndpoint = await startReceiver();
    const liveEndpoint = await startReceiver();
    const visitor = await newPage(e2e.browser, { clientAddress: "198.51.100.32" });
    const owner = await newPage(e2e.browser);
    try {
      await visitor.goto(`${origin}/join-waitlist`);
      await joinWaitlist(visitor, `rehearsal.hook.${unique()}@example.com`);
      await visitor.waitForURL(/\/thank-you/);

      await signIn(owner, origin, OWNER);
      await owner.goto(`${origin}/admin/developers`);
      await waitForHydration(owner);
      await addEndpoint(owner, testEndpoint.url, true);
      await addEndpoint(owner, liveEndpoint.url, false);
      const testCard = owner.getByTestId("webhook-endpoint").filter({ hasText: testEndpoint.url });
      await testCard.getByText("Test", { exact: true }).waitFor();
      assert.equal(await owner.getByTestId("webhook-endpoint").filter({ hasText: liveEndpoint.url }).getByText("Test", { exact: true }).count(), 0);

      await switchRehearsal(owner, origin, "on");
      await rehearseClose(owner, origin);
      const closed = await poll(async () => testEndpoint.received.find((event) => event.type === "season.closed"), {
        timeoutMs: 15_000,
        describe: () => `season.closed never reached the test endpoint (got ${testEndpoint.received.map((event) => event.type).join(", ") || "nothing"})`,
      });
      assert.equal(closed.data.rehearsal, true);
      // The live endpoint's delivery log shows nothing queued for it, and it heard nothing.
      await owner.goto(`${origin}/admin/developers`);
      await owner.getByTestId("webhook-endpoint").filter({ hasText: liveEndpoint.url }).getByText("Nothing sent yet.").waitFor();
      assert.deepEqual(liveEndpoint.received, []);
      await switchRehearsal(owner, origin, "off");
    } finally {
      await closePage(visitor);
      await closePage(owner);
      await testEndpoint.close();
      await liveEndpoint.close();
    }
  });
});
