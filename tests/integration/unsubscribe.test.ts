import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, emailOutbox, emailSuppressions, pointsLedger, users, waitlistUsers } from "../../db/schema";
import { resetDatabase } from "../db-reset";
import type { SmtpSink } from "../e2e/smtp-sink";
import { startSmtpPeer } from "../smtp-transport";
import { requestMagicLink } from "~/lib/auth/magic-link.server";
import { db } from "~/kernel/db.server";
import { enqueueEmail } from "~/lib/email/outbox.server";
import { emailHashOf, emailHashOfUnsubscribeToken, unsubscribeUrl } from "~/lib/email/suppression.server";
import { createTransport, type MailTransport } from "~/lib/email/transport.server";
import { deliverDueEmails } from "~/lib/email/worker.server";
import { parseEnv } from "~/kernel/env.server";
import { sealToken } from "~/lib/security/signed-token.server";
import { freezeDueSeasons } from "~/lib/seasons/season-freeze.server";
import { confirmSeasonWinners } from "~/lib/seasons/season-winners.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { listMembersPage } from "~/lib/waitlist/member-admin.server";
import { streamMembersCsv } from "~/lib/waitlist/members-csv.server";
import { action, loader } from "~/routes/unsubscribe";

// One-click unsubscribe (ADR 0044) as a member meets it: the link in a real e-mail, the
// page and the mail provider's cookieless POST, and what is (not) sent afterwards.

const context = { cspNonce: "", requestId: "test", clientIp: "203.0.113.9" };
type Answer = { status: number; body: unknown };

async function answerOf(result: unknown): Promise<Answer> {
  if (result instanceof Response) return { status: result.status, body: result.headers.get("Location") };
  if (result && typeof result === "object" && "init" in result) {
    const { data, init } = result as { data: unknown; init?: { status?: number } | null };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: result };
}

async function open(url: string): Promise<Answer> {
  return answerOf(await loader({ request: new Request(url), params: {}, context } as unknown as Parameters<typeof loader>[0]));
}

/** RFC 8058: what Gmail or Yahoo sends — the link's URL, that one form field, no cookies. */
async function oneClick(url: string, clientIp = context.clientIp): Promise<Answer> {
  const request = new Request(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
  return answerOf(await action({ request, params: {}, context: { ...context, clientIp } } as unknown as Parameters<typeof action>[0]));
}

const unfold = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=").replace(/\r?\n[ \t]+/g, " ");

let peer: SmtpSink | undefined;
let transport: MailTransport | undefined;

async function smtp(options: Parameters<typeof startSmtpPeer>[0] = {}) {
  ({ peer, transport } = await startSmtpPeer(options));
  return { peer, transport };
}

const outbox = () => db.select({ kind: emailOutbox.kind, to: emailOutbox.toAddress, status: emailOutbox.status, attempts: emailOutbox.attempts, html: emailOutbox.html }).from(emailOutbox).orderBy(emailOutbox.id);

beforeEach(resetDatabase);
afterEach(async () => {
  transport?.close();
  await peer?.stop();
  peer = transport = undefined;
});

describe("the unsubscribe token", () => {
  it("names one address by its identity, and nothing made another way opens it", () => {
    const url = new URL(unsubscribeUrl("Ada.Lovelace+news@Example.com"));
    const token = url.searchParams.get("token") ?? "";
    expect(url.pathname).toBe("/unsubscribe");
    expect(token).not.toMatch(/ada|lovelace|example/i);
    expect(emailHashOfUnsubscribeToken(token)).toBe(emailHashOf("ada.lovelace@example.com"));
    expect(emailHashOf("ada.lovelace@example.com")).not.toBe(emailHashOf("ada.lovelace2@example.com"));

    const [hash, signature] = token.split(".") as [string, string];
    const otherHash = emailHashOf("someone-else@example.com");
    expect(emailHashOfUnsubscribeToken(`${otherHash}.${signature}`)).toBeNull(); // another address, same signature
    expect(emailHashOfUnsubscribeToken(`${hash}.${signature.slice(0, -2)}AA`)).toBeNull();
    expect(emailHashOfUnsubscribeToken(sealToken("consent-revoke", hash))).toBeNull(); // another purpose's token
    expect(emailHashOfUnsubscribeToken(sealToken("unsubscribe", "not-a-hash"))).toBeNull();
    for (const junk of [undefined, "", ".", "x".repeat(2000), 42]) expect(emailHashOfUnsubscribeToken(junk)).toBeNull();
  });
});

describe("/unsubscribe", () => {
  it("shows a button on GET, unsubscribes a cookieless one-click POST at once, and answers a repeat clearly", async () => {
    const url = unsubscribeUrl("fan@example.com");
    expect(await open(url)).toMatchObject({ status: 200, body: { token: new URL(url).searchParams.get("token"), isUnsubscribed: false } });
    expect(await db.select().from(emailSuppressions)).toEqual([]); // opening the link (a link scanner) changes nothing

    expect(await oneClick(url)).toEqual({ status: 200, body: { outcome: "unsubscribed" } });
    const [row] = await db.select().from(emailSuppressions);
    expect(row).toMatchObject({ emailHash: emailHashOf("fan@example.com"), reason: "unsubscribed" });
    expect(await oneClick(url)).toEqual({ status: 200, body: { outcome: "already" } });
    expect((await open(url)).body).toMatchObject({ isUnsubscribed: true });

    // The page's own button posts the token as a field instead.
    const other = new URL(unsubscribeUrl("pal@example.com"));
    const request = new Request("http://localhost:3000/unsubscribe", { method: "POST", body: new URLSearchParams({ token: other.searchParams.get("token") ?? "" }) });
    expect(await answerOf(await action({ request, params: {}, context } as unknown as Parameters<typeof action>[0]))).toEqual({ status: 200, body: { outcome: "unsubscribed" } });

    // Audited once per address, without the address or its hash.
    const audits = await db.select().from(auditEvents).where(eq(auditEvents.action, "email.unsubscribed"));
    expect(audits.map((audit) => audit.after)).toEqual([{ via: "one_click" }, { via: "page" }]);
    expect(JSON.stringify(audits)).not.toMatch(/fan|pal|example\.com|[0-9a-f]{64}/);
  });

  it("answers a broken or changed link with a 400 page, and a flood of them with 429, never a 5xx", async () => {
    const good = new URL(unsubscribeUrl("fan@example.com"));
    const token = good.searchParams.get("token") ?? "";
    const broken = [`http://localhost:3000/unsubscribe`, `http://localhost:3000/unsubscribe?token=`, `http://localhost:3000/unsubscribe?token=${token.slice(0, -1)}`, `http://localhost:3000/unsubscribe?token=${"%FF".repeat(600)}`];
    for (const url of broken) {
      expect(await open(url)).toMatchObject({ status: 400, body: { token: null, isUnsubscribed: false } });
      expect(await oneClick(url, "198.51.100.1")).toEqual({ status: 400, body: { outcome: "invalid" } });
    }
    const garbage = new Request(good, { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: "not a form" });
    expect((await answerOf(await action({ request: garbage, params: {}, context } as unknown as Parameters<typeof action>[0]))).status).toBe(200);
    for (let i = 0; i < 16; i++) await oneClick(broken[2]!, "198.51.100.1");
    expect(await oneClick(broken[2]!, "198.51.100.1")).toEqual({ status: 429, body: { outcome: "rate_limited" } });
    expect((await oneClick(broken[2]!, "198.51.100.77")).status).toBe(400); // another network is not held up
  });
});

describe("the suppression list, against a real SMTP server", () => {
  it("puts both headers and a visible link on the welcome e-mail; after a one-click POST the winner e-mail is not sent and a sign-in link is", async () => {
    const { peer, transport } = await smtp();
    await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
    const { member } = await joinWaitlist({ email: "Winner+Crew@Example.com" });
    await deliverDueEmails(transport);

    const raw = peer.received.at(-1)?.raw ?? "";
    const welcome = unfold(raw);
    expect(welcome).toMatch(/^Subject: Welcome to /m);
    const link = /^List-Unsubscribe: <(https?:\/\/[^>]+)>$/m.exec(welcome)?.[1];
    expect(link).toBe(unsubscribeUrl("winner+crew@example.com"));
    expect(welcome).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(welcome).toContain(`Unsubscribe: ${link}`); // the text part
    expect(welcome).toContain(`href="${link!.replaceAll("&", "&amp;")}"`); // the HTML part

    expect((await oneClick(link!)).status).toBe(200);
    // A season later the member wins; the e-mail is recorded as suppressed, not sent or retried.
    await db.insert(pointsLedger).values({ memberId: member.id, delta: 50, reason: "admin_adjustment", createdAt: new Date("2024-10-15T12:00:00Z") });
    await freezeDueSeasons(new Date("2024-11-01T08:00:00Z"));
    await confirmSeasonWinners("2024-10-01", "admin-1");
    await requestMagicLink({ email: "winner+crew@example.com", clientIp: "127.0.0.1" });
    const before = peer.received.length;
    expect(await deliverDueEmails(transport)).toBe(1);

    expect(peer.received.slice(before).map((mail) => unfold(mail.raw).match(/^Subject: (.*)$/m)?.[1])).toEqual([expect.stringMatching(/sign-in link/i)]);
    const sent = unfold(peer.received.at(-1)?.raw ?? "");
    expect(sent).not.toMatch(/^List-Unsubscribe/im); // a sign-in link is essential: no unsubscribe
    expect((await outbox()).map(({ kind, status }) => [kind, status])).toEqual([
      ["welcome", "sent"],
      ["season_winner", "suppressed"],
      ["magic_link", "sent"],
    ]);
    expect((await outbox())[1]).toMatchObject({ attempts: 1, html: "" });
    expect(await deliverDueEmails(transport)).toBe(0);

    const { rows } = await listMembersPage({});
    expect(rows.map((row) => row.emailStatus)).toEqual(["unsubscribed"]);
  });

  it("keeps an unsubscribed address off the list after the member is deleted and joins again", async () => {
    const { peer, transport } = await smtp();
    await joinWaitlist({ email: "again@example.com" });
    await deliverDueEmails(transport);
    expect((await oneClick(unsubscribeUrl("again@example.com"))).status).toBe(200);
    await db.delete(waitlistUsers); // erasure removes the member; the list holds only a hash
    expect(await db.select({ hash: emailSuppressions.emailHash }).from(emailSuppressions)).toEqual([{ hash: emailHashOf("again@example.com") }]);

    const received = peer.received.length;
    await joinWaitlist({ email: "Again+2@Example.com" });
    expect(await deliverDueEmails(transport)).toBe(0);
    expect(peer.received).toHaveLength(received);
    expect((await outbox()).at(-1)).toMatchObject({ kind: "welcome", status: "suppressed" });
    expect((await listMembersPage({})).rows.map((row) => row.emailStatus)).toEqual(["unsubscribed"]);
  });

  it("records an address the mail server refuses for good as bounced, without retrying, and the CSV says so", async () => {
    const { peer, transport } = await smtp({ rejectRecipients: ["gone@example.com"] });
    await joinWaitlist({ email: "gone@example.com" });
    expect(await deliverDueEmails(transport)).toBe(0);
    const [row] = await db.select({ status: emailOutbox.status, attempts: emailOutbox.attempts, lastError: emailOutbox.lastError }).from(emailOutbox);
    expect(row).toEqual({ status: "failed", attempts: 1, lastError: "the mail server refused the recipient (550)" });
    expect(await db.select({ reason: emailSuppressions.reason }).from(emailSuppressions)).toEqual([{ reason: "bounced" }]);

    await enqueueEmail({ kind: "season_winner", to: "gone@example.com", subject: "You won", html: "<p>Hi</p>", text: "Hi" });
    expect(await deliverDueEmails(transport)).toBe(0);
    expect((await outbox()).at(-1)?.status).toBe("suppressed");
    expect(peer.received).toHaveLength(0);

    const csv = await new Response(streamMembersCsv()).text();
    expect(csv.split("\r\n")[0]).toMatch(/,Consent,E-mails,Language$/);
    expect(csv.split("\r\n")[1]).toMatch(/,Bounced,English$/);
  });

  it("does not count a failure that is not the recipient's (the mail server is down) as a bounce", async () => {
    await enqueueEmail({ kind: "welcome", to: "later@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi" });
    const down = createTransport(parseEnv({ ...process.env, SMTP_URL: "smtp://127.0.0.1:1?ignoreTLS=true", HOST: "127.0.0.1", SHIPPING_ADDRESS_KEY: Buffer.alloc(32, 7).toString("base64") }));
    expect(await deliverDueEmails(down)).toBe(0);
    down.close();
    expect((await outbox())[0]).toMatchObject({ status: "pending", attempts: 1 });
    expect(await db.select().from(emailSuppressions)).toEqual([]);
  });
});
