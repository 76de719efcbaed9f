import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { startSmtpSink, type SmtpSink } from "../../../tests/e2e/smtp-sink";
import { requestMagicLink } from "../auth/magic-link.server";
import { db } from "../../kernel/db.server";
import { parseEnv } from "../../kernel/env.server";
import { claimDueEmails, enqueueEmail, markEmailSentAndClaimNext, retryDelaySeconds } from "./outbox.server";
import { createTransport, type MailTransport } from "./transport.server";
import { deliverDueEmails } from "./worker.server";

/** Decodes quoted-printable soft breaks so links can be read from the raw message. */
function unfold(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
}

let transport: MailTransport | undefined;
let peer: SmtpSink | undefined;

function smtpTransport(port: number): MailTransport {
  return createTransport(parseEnv({ ...process.env, SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`, HOST: "127.0.0.1" }));
}

beforeEach(resetDatabase);
afterEach(async () => {
  transport?.close();
  await peer?.stop();
  peer = undefined;
});

describe("e-mail delivery over SMTP", () => {
  it("delivers the magic link to a real SMTP server, once", async () => {
    peer = await startSmtpSink();
    transport = smtpTransport(peer.port);
    await requestMagicLink({ email: "smtp-crew@example.com", clientIp: "127.0.0.1" });

    expect(await deliverDueEmails(transport)).toBe(1);
    expect(await deliverDueEmails(transport)).toBe(0);
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]?.to).toEqual(["smtp-crew@example.com"]);
    expect(unfold(peer.received[0]?.raw ?? "")).toMatch(/\/api\/auth\/magic-link\/verify\?token=\w+/);
    const [row] = await db.select().from(emailOutbox);
    expect(row?.status).toBe("sent");
  });

  it("keeps messages while the SMTP server is down and delivers each exactly once when it is back", async () => {
    const first = await startSmtpSink();
    const port = first.port;
    await first.stop();
    transport = smtpTransport(port);
    for (const name of ["ada", "bo", "cy"]) {
      await enqueueEmail({ kind: "magic_link", to: `${name}@example.com`, subject: "Hi", html: "<p>Hi</p>", text: "Hi" });
    }

    expect(await deliverDueEmails(transport)).toBe(0);
    const waiting = await db.select().from(emailOutbox);
    expect(waiting.map((row) => [row.status, row.attempts])).toEqual([
      ["pending", 1],
      ["pending", 1],
      ["pending", 1],
    ]);
    expect(waiting.every((row) => row.lastError && row.nextAttemptAt.getTime() > Date.now())).toBe(true);
    // Not due yet: nothing is retried before its back-off.
    expect(await deliverDueEmails(transport)).toBe(0);

    peer = await startSmtpSink({ port });
    await db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }); // the back-off has passed
    expect(await deliverDueEmails(transport)).toBe(3);
    expect(await deliverDueEmails(transport)).toBe(0);
    expect(peer.received.map((message) => message.to[0]).sort()).toEqual(["ada@example.com", "bo@example.com", "cy@example.com"]);
  });

  it("forgets a contact message's body once it reached the mail server", async () => {
    peer = await startSmtpSink();
    transport = smtpTransport(peer.port);
    const id = await enqueueEmail({ kind: "contact", to: "studio@example.com", replyTo: "kid@example.com", subject: "Hello", html: "<p>Secret</p>", text: "Secret" });
    await deliverDueEmails(transport);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: "sent", html: "", text: "", replyTo: null });
    expect(peer.received[0]?.raw).toContain("Secret");
  });

  it("sends each message once when two processes share the outbox and the mail server is slower than the lease", async () => {
    peer = await startSmtpSink({ delayMs: 1_500 });
    const names = ["ada", "bo", "cy"];
    for (const name of names) {
      await enqueueEmail({ kind: "magic_link", to: `${name}@example.com`, subject: "Hi", html: "<p>Hi</p>", text: "Hi" });
    }
    // Two workers, as two app processes would run them, with a 1 s lease against a server
    // that takes 1.5 s per message: without extending the lease each would be sent twice.
    const transports = [smtpTransport(peer.port), smtpTransport(peer.port)];
    try {
      const sent = await Promise.all(transports.map((each) => deliverDueEmails(each, { leaseSeconds: 1 })));
      expect(sent[0]! + sent[1]!).toBe(3);
      expect(sent.every((count) => count >= 1)).toBe(true); // both really worked
    } finally {
      transports.forEach((each) => each.close());
    }
    expect(peer.received.map((message) => message.to[0]).sort()).toEqual(names.map((name) => `${name}@example.com`));
    const rows = await db.select().from(emailOutbox);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
      ["sent", 1],
    ]);
  });

  it("takes the next message from a launch spike's queue in due order", async () => {
    // 5,000 welcome e-mails waiting, as a burst of sign-ups leaves them; one of them failed
    // before and waits for its retry.
    await db.execute(sql`
      insert into email_outbox (kind, to_address, subject, html, text, next_attempt_at)
      select 'welcome', 'crew' || g || '@example.com', 'Welcome', '<p>Hi</p>', 'Hi',
             now() - make_interval(secs => 5000 - g) + case when g = 1 then interval '1 hour' else interval '0' end
        from generate_series(1, 5000) g`);
    // How few pages a claim reads is outbox-lanes.server.test.ts's.
    const [next] = await claimDueEmails(1);
    expect(next?.to).toBe("crew2@example.com");
  });

  it("marks a message sent and leases the next one due in the same statement, never the one it marks", async () => {
    for (const to of ["first@example.com", "second@example.com", "third@example.com"]) {
      await enqueueEmail({ kind: "welcome", to, subject: "Welcome", html: "<p>Hi</p>", text: "Hi" });
    }
    // A lease of 0 s has already run out when the mark arrives: the message is due again.
    const [first] = await claimDueEmails(1, 0);
    expect(first?.to).toBe("first@example.com");

    const afterFirst = await markEmailSentAndClaimNext(first!.id, { forgetBody: false });
    expect(afterFirst.wasMarked).toBe(true);
    expect(afterFirst.next?.to).toBe("second@example.com");
    expect(afterFirst.next?.attempts).toBe(1);

    // A second mark of the same message does not count it again, and still takes the next.
    const again = await markEmailSentAndClaimNext(first!.id, { forgetBody: false });
    expect(again.wasMarked).toBe(false);
    expect(again.next?.to).toBe("third@example.com");

    await markEmailSentAndClaimNext(afterFirst.next!.id, { forgetBody: true });
    const last = await markEmailSentAndClaimNext(again.next!.id, { forgetBody: false });
    expect(last).toEqual({ wasMarked: true, next: null });

    const rows = await db.select({ to: emailOutbox.toAddress, status: emailOutbox.status, html: emailOutbox.html }).from(emailOutbox).orderBy(emailOutbox.id);
    expect(rows).toEqual([
      { to: "first@example.com", status: "sent", html: "<p>Hi</p>" },
      { to: "second@example.com", status: "sent", html: "" },
      { to: "third@example.com", status: "sent", html: "<p>Hi</p>" },
    ]);
  });

  it("finishes the message in hand and leases no other once the process stops, so the next process sends the rest at once", async () => {
    for (const n of [1, 2, 3, 4]) await enqueueEmail({ kind: "welcome", to: `crew${n}@example.com`, subject: "Welcome", html: "<p>Hi</p>", text: "Hi" });
    let stopping = false;
    const handedOver: string[] = [];
    const stoppedMidSend: MailTransport = {
      kind: "local",
      send: async (message) => {
        handedOver.push(message.to);
        stopping = true; // SIGTERM arrives while this message is being sent
      },
      close: () => undefined,
    };
    expect(await deliverDueEmails(stoppedMidSend, { shouldStop: () => stopping })).toBe(1);
    expect(handedOver).toEqual(["crew1@example.com"]);
    const rows = await db.select({ status: emailOutbox.status, lockedUntil: emailOutbox.lockedUntil }).from(emailOutbox).orderBy(emailOutbox.id);
    expect(rows).toEqual([
      { status: "sent", lockedUntil: null },
      ...Array.from({ length: 3 }, () => ({ status: "pending", lockedUntil: null })),
    ]);
    expect(await deliverDueEmails({ kind: "local", send: async () => undefined, close: () => undefined })).toBe(3);
  });

  it("backs off between attempts, up to an hour", () => {
    expect(retryDelaySeconds(1)).toBe(10);
    expect(retryDelaySeconds(2)).toBe(30);
    expect(retryDelaySeconds(20)).toBe(3600);
  });
});
