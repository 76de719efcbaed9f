// One-click unsubscribe (ADR 0044) against a real SMTP server: the parent's welcome e-mail
// carries List-Unsubscribe and List-Unsubscribe-Post; the mail provider's cookieless POST
// unsubscribes at once; after the membership is deleted and the child asks again, the
// consent request and a sign-in link still go, the next welcome e-mail does not.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { childAsksParent, closePage, newPage, poll, requestMagicLink, unique, waitForHeading, withServerAndBrowser } from "./fixtures";
import { magicLinkIn, readableMail, smtpServerSecrets, startSmtpSink, type ReceivedMail, type SmtpSink } from "./smtp-sink";

// With SMTP_URL set the server needs its secret and the shipping-address key (32 bytes in base64).
const env: Record<string, string> = smtpServerSecrets("unsubscribe");
let sink: SmtpSink | undefined;

before(async () => {
  sink = await startSmtpSink();
  env.SMTP_URL = sink.url;
});
after(async () => sink?.stop());

/** A message's headers and decoded body, folded lines joined. */
const headersOf = (mail: ReceivedMail) => readableMail(mail).split(/\r?\n\r?\n/)[0] ?? "";

describe("one-click unsubscribe", () => {
  const e2e = withServerAndBrowser({ env });

  /** The next message to `to` after the first `after` received, matching `pattern`. */
  function mailTo(to: string, pattern: RegExp, afterCount: number): Promise<ReceivedMail> {
    return poll(async () => sink!.received.slice(afterCount).find((mail) => mail.to.includes(to) && pattern.test(readableMail(mail))), {
      timeoutMs: 15_000,
      describe: () => `no e-mail to ${to} matching ${pattern}`,
    });
  }


  /** The parent says yes from the consent request's link; returns how many messages the sink had just before. */
  async function parentSaysYes(parent: Page, parentEmail: string, afterCount: number): Promise<number> {
    const request = await mailTo(parentEmail, /\/parent-consent\/answer\?token=/, afterCount);
    assert.doesNotMatch(headersOf(request), /^List-Unsubscribe/im, "a consent request is essential: no unsubscribe");
    const answerLink = /https?:\/\/[^\s"<>]+\/parent-consent\/answer\?token=[^\s"<>]+/.exec(readableMail(request))![0].replace(/&amp;/g, "&");
    await parent.goto(answerLink);
    const beforeYes = sink!.received.length;
    await parent.getByRole("radio", { name: "Yes" }).check();
    await parent.getByRole("button", { name: "Yes, they may join" }).click();
    await waitForHeading(parent, "Thank you: your child is in the crew!");
    return beforeYes;
  }

  /** What the server's /metrics says is waiting in the outbox (the suite calls from this machine). */
  async function outboxPending(origin: string): Promise<number> {
    const metrics = await (await fetch(`${origin}/metrics`)).text();
    return Number(/^launchcrew_outbox_pending\{measure="depth"\} (\d+)$/m.exec(metrics)?.[1] ?? Number.NaN);
  }

  it("unsubscribes from the welcome e-mail's headers with one cookieless POST; then only essential e-mail arrives", async () => {
    const parentEmail = `parent.${unique()}@example.com`;
    const child = await newPage(e2e.browser);
    const parent = await newPage(e2e.browser);
    try {
      await childAsksParent(child, e2e.server.origin, `kid.${unique()}@example.com`, parentEmail);
      const welcome = await mailTo(parentEmail, /^Subject: Welcome to /m, await parentSaysYes(parent, parentEmail, 0));
      const headers = headersOf(welcome);
      const link = /^List-Unsubscribe: <([^>]+)>$/m.exec(headers)?.[1] ?? "";
      assert.ok(link?.startsWith(`${e2e.server.origin}/unsubscribe?token=`), `List-Unsubscribe names our page: ${headers}`);
      assert.match(headers, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      assert.ok(readableMail(welcome).includes(`Unsubscribe: ${link}`), "the body shows the link too");
      const revokeLink = /https?:\/\/[^\s"<>]+\/parent-consent\/revoke\?token=[^\s"<>]+/.exec(readableMail(welcome))?.[0].replace(/&amp;/g, "&");
      assert.ok(revokeLink, "the parent's withdraw-consent link stays beside it");

      // Opening the link changes nothing: it asks first.
      await parent.goto(link);
      await waitForHeading(parent, "Unsubscribe?");
      // RFC 8058: the mail provider posts from its own servers, with no cookie and no Origin of ours.
      const oneClick = await fetch(link, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example" }, body: "List-Unsubscribe=One-Click" });
      assert.equal(oneClick.status, 200);
      assert.match(await oneClick.text(), /You(&#x27;|')re unsubscribed/);
      await parent.reload();
      await waitForHeading(parent, "You're unsubscribed");

      // The parent withdraws consent (the membership is deleted); the child asks again.
      await parent.goto(revokeLink);
      await parent.getByRole("button", { name: "Withdraw consent and delete" }).click();
      await waitForHeading(parent, "Consent withdrawn");
      const beforeAgain = sink!.received.length;
      await childAsksParent(child, e2e.server.origin, `kid.${unique()}@example.com`, parentEmail);
      const beforeSecondYes = await parentSaysYes(parent, parentEmail, beforeAgain); // the consent request still went

      // A sign-in link still goes; the welcome that the yes queued does not.
      await parent.goto(`${e2e.server.origin}/login`);
      await requestMagicLink(parent, parentEmail);
      const signIn = await mailTo(parentEmail, /\/api\/auth\/magic-link\/verify\?token=/, beforeSecondYes);
      assert.ok(magicLinkIn(signIn));
      // The welcome the yes queued has been dealt with once nothing is pending in the outbox.
      await poll(async () => ((await outboxPending(e2e.server.origin)) === 0 ? true : undefined), { timeoutMs: 10_000, describe: () => "e-mail still pending in the outbox" });
      const later = sink!.received.slice(beforeSecondYes).filter((mail) => mail.to.includes(parentEmail));
      assert.deepEqual(later.map((mail) => /^Subject: (.*)$/m.exec(readableMail(mail))?.[1]), [/^Subject: (.*)$/m.exec(readableMail(signIn))?.[1]], "only the sign-in link");
    } finally {
      await closePage(child);
      await closePage(parent);
    }
  });
});
