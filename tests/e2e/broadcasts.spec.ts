// A broadcast as the studio sends it (issue 30), counted at a real SMTP server: composed in
// Admin → Broadcasts, previewed, sent at a slow pace, paused after its first message and
// resumed; every confirmed member gets exactly one copy, filled in for them.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { closePage, newPage, poll, requestMagicLink, waitForHeading, withServerAndBrowser } from "./fixtures";
import { magicLinkIn, readableMail, smtpServerSecrets, startSmtpSink, type SmtpSink } from "./smtp-sink";

// With SMTP_URL set the server needs its secret and the shipping-address key; SEED_DEMO gives it the demo members and admin.
const env: Record<string, string> = {
  ...smtpServerSecrets("broadcasts"),
  SEED_DEMO: "true",
};
let sink: SmtpSink | undefined;

before(async () => {
  sink = await startSmtpSink();
  env.SMTP_URL = sink.url;
});
after(async () => sink?.stop());

const SUBJECT = /^Subject: Launch news for ([A-Z][a-z]+ [A-Z][a-z]+ \d+)\r?$/m;
const broadcastMail = () => sink!.received.filter((mail) => SUBJECT.test(readableMail(mail)));
/** The demo's members with a confirmed address (db/seed.ts). */
const CONFIRMED = ["captain.nova@example.com", "moonbeam.maker@example.com", "pixel.pilot@example.com"];

describe("a broadcast", () => {
  const e2e = withServerAndBrowser({ env });

  it("goes to every confirmed member exactly once, at the pace, held while paused", async () => {
    const origin = e2e.server.origin;
    const admin = await newPage(e2e.browser);
    try {
      await admin.goto(`${origin}/login`);
      await requestMagicLink(admin, "admin@example.com");
      const signInMail = await poll(async () => sink!.received.find((mail) => mail.to.includes("admin@example.com") && magicLinkIn(mail)), { timeoutMs: 15_000, describe: () => "no sign-in e-mail" });
      await admin.goto(magicLinkIn(signInMail)!);
      await admin.goto(`${origin}/admin/broadcasts`);
      assert.equal(await waitForHeading(admin, "Broadcasts"), "Broadcasts");

      // Six a minute: ten seconds between messages, time enough to pause after the first.
      await admin.getByLabel("Messages a minute").fill("6");
      await admin.getByRole("button", { name: "Save Pace" }).click();
      await admin.getByText("Pace Updated!").waitFor();

      await admin.getByLabel("Subject", { exact: true }).fill("Launch news for {{CREW_NAME}}");
      await admin.getByRole("textbox", { name: "Message", exact: true }).click();
      await admin.keyboard.type("You have {{POINTS}} points and you are {{PLACE_IN_LINE}} in line.");
      await admin.getByRole("button", { name: "Preview audience" }).click();
      await admin.getByText("Every confirmed member: 3 members with a confirmed address").waitFor();
      await admin.getByRole("button", { name: "Send broadcast" }).click();
      await admin.getByText("Broadcast Started!").waitFor();

      await poll(async () => broadcastMail().length >= 1 || undefined, { timeoutMs: 15_000, describe: () => "the first message never arrived" });
      await admin.getByRole("button", { name: 'Pause "Launch news for {{CREW_NAME}}"' }).click();
      await admin.getByText("Broadcast Paused").waitFor();
      const sentBeforePause = broadcastMail().length;
      assert.equal(sentBeforePause, 1, "the pace lets one message go in the first ten seconds");
      await new Promise((resolve) => setTimeout(resolve, 11_000)); // past the next slot
      assert.equal(broadcastMail().length, 1, "nothing goes while it is paused");

      await admin.getByRole("button", { name: 'Resume "Launch news for {{CREW_NAME}}"' }).click();
      await admin.getByText("Broadcast Resumed").waitFor();
      await poll(async () => broadcastMail().length >= 3 || undefined, { timeoutMs: 30_000, describe: () => `${broadcastMail().length} of 3 messages arrived` });
      await poll(async () => ((await admin.getByText(/^Finished$/).count()) > 0 ? true : undefined), { timeoutMs: 10_000, describe: () => "the broadcast never showed as finished" });
      assert.match((await admin.getByTestId("broadcast-progress").first().textContent()) ?? "", /Queued 3 · Sent 3 · Waiting 0 · Failed 0 · Suppressed 0/);

      const received = broadcastMail();
      assert.deepEqual(received.map((mail) => mail.to).flat().sort(), CONFIRMED, "one message per confirmed member, no one else");
      for (const mail of received) {
        const text = readableMail(mail);
        assert.match(text, /You have \d+ points and you are #\d+ in line\./);
        assert.doesNotMatch(text, /\{\{/, "every placeholder is filled in");
        assert.match(text, /^List-Unsubscribe: </m);
      }
    } finally {
      await closePage(admin);
    }
  });
});
