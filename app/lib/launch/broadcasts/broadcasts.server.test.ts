import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, broadcasts, emailOutbox, users, waitlistUsers } from "../../../../db/schema";
import { resetDatabase } from "../../../../tests/db-reset";
import type { SmtpSink } from "../../../../tests/e2e/smtp-sink";
import { startSmtpPeer, transportTo } from "../../../../tests/smtp-transport";
import { adminActor } from "~/lib/audit/actor";
import { crewNameOf } from "~/lib/crew-names/crew-name";
import { db } from "~/kernel/db.server";
import type { MailTransport } from "~/lib/email/transport.server";
import { emailHashOf, suppressEmailHash } from "~/lib/email/suppression.server";
import { isAppError } from "~/kernel/errors";
import { saveSiteSettings } from "~/lib/settings/settings.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { advanceBroadcasts, queueNextPage } from "./broadcast-queue.server";
import { renewEmailLeases } from "~/lib/email/outbox-batch.server";
import { claimBroadcastBatch } from "./broadcast-messages.server";
import { fillForMember, placesFor, broadcastTemplates } from "./broadcast-render.server";
import { BROADCAST_LEASE_SECONDS, sendNextBroadcastBatch } from "./broadcast-sender.server";
import { BroadcastInputSchema, type BroadcastInput } from "./broadcast.schema";
import { controlBroadcast, createBroadcast, getBroadcast } from "./broadcasts.server";

const ADMIN = { id: "admin-1", email: "boss@example.com" };
const actor = adminActor(ADMIN);

let peer: SmtpSink | undefined;
let transport: MailTransport | undefined;

async function smtp(options: Parameters<typeof startSmtpPeer>[0] = {}) {
  ({ peer, transport } = await startSmtpPeer(options));
  return { peer, transport };
}

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: ADMIN.id, name: "Boss", email: ADMIN.email, role: "admin" });
  // The pace is not what these tests are about, except the one that sets it.
  await saveSiteSettings({ broadcastMessagesPerMinute: 60_000 }, ADMIN.id);
});
afterEach(async () => {
  transport?.close();
  await peer?.stop();
  peer = transport = undefined;
});

async function member(localPart: string, { points = 0, confirmed = true, tags = [] as string[] } = {}) {
  const { member: joined } = await joinWaitlist({ email: `${localPart}@example.com` });
  await db.update(waitlistUsers).set({ points, confirmedEmail: confirmed, tags }).where(eq(waitlistUsers.id, joined.id));
  // The welcome e-mails are not this test's business.
  await db.delete(emailOutbox);
  return joined;
}

const launchNews = (overrides: Partial<BroadcastInput> = {}): BroadcastInput =>
  BroadcastInputSchema.parse({
    subject: "News for {{CREW_NAME}}",
    html: "<p>You have {{POINTS}} points and you are {{PLACE_IN_LINE}}. Share {{REFERRAL_LINK}}</p>",
    audience: { kind: "confirmed" },
    ...overrides,
  });

/** One batch: "none" when nothing may go now, else what became of its messages. */
async function sendBatch(via: MailTransport): Promise<string[] | "none"> {
  const { claimed, sent, failed } = await sendNextBroadcastBatch(via);
  return claimed === 0 ? "none" : [...Array<string>(sent).fill("sent"), ...Array<string>(failed).fill("failed")];
}

/** Sends until no broadcast message may go now; the outcomes (suppressed and blocked members' messages are settled in the claim, not sent). */
async function drain(via: MailTransport) {
  const outcomes: string[] = [];
  for (let i = 0; i < 100; i++) {
    const batch = await sendBatch(via);
    if (batch === "none") break;
    outcomes.push(...batch);
  }
  return outcomes;
}

/** A received message as text: its quoted-printable encoded words (subject) and body decoded. */
function readable(raw: string): string {
  const ascii = raw
    .replace(/\r?\n[ \t]+/g, " ")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, text: string) => text.replace(/_/g, " "))
    .replace(/=\r?\n/g, "");
  return Buffer.from(ascii.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), "latin1").toString("utf8");
}

const unfold = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=").replace(/\r?\n[ \t]+/g, " ");

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error.userMessage;
    throw error;
  }
  throw new Error("it was accepted");
}

describe("a broadcast", () => {
  it("reaches every confirmed member of its audience exactly once, rendered for each, with the unsubscribe headers", async () => {
    const { peer, transport } = await smtp();
    const ada = await member("ada", { points: 30 });
    const bo = await member("bo", { points: 10 });
    await member("unconfirmed", { confirmed: false });
    const created = await createBroadcast(launchNews(), actor);
    expect(created).toMatchObject({ status: "sending", audienceCount: 2 });

    await advanceBroadcasts();
    await advanceBroadcasts(); // a second run queues nothing twice
    expect(await drain(transport)).toEqual(["sent", "sent"]);
    await advanceBroadcasts();

    expect(peer.received.map((mail) => mail.to).flat().sort()).toEqual(["ada@example.com", "bo@example.com"]);
    const toAda = unfold(peer.received.find((mail) => mail.to.includes("ada@example.com"))!.raw);
    expect(toAda).toContain(`Subject: News for ${crewNameOf(ada.id, 0)}`);
    expect(toAda).toContain("You have 30 points and you are #1.");
    expect(toAda).toMatch(/List-Unsubscribe: <http[^>]+\/unsubscribe\?token=/);
    expect(toAda).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(unfold(peer.received.find((mail) => mail.to.includes("bo@example.com"))!.raw)).toContain(`You have 10 points and you are #2.`);
    expect(crewNameOf(bo.id, 0)).not.toBe(crewNameOf(ada.id, 0));

    const finished = await getBroadcast(created.id);
    expect(finished).toMatchObject({ status: "finished", progress: { queued: 2, sent: 2, waiting: 0, failed: 0, suppressed: 0 } });
    const audit = await db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetType, "broadcast"));
    expect(audit.map((row) => row.action)).toEqual(["broadcast.created", "broadcast.finished"]);
  });

  it("with a Spanish version sends it to the members whose language is Spanish, and the English to everyone else", async () => {
    const { peer, transport } = await smtp();
    const lupita = await member("lupita");
    await member("jamie");
    await db.update(waitlistUsers).set({ language: "es" }).where(eq(waitlistUsers.id, lupita.id));
    await createBroadcast(launchNews({ subject: "Launch day!", html: "<p>It is here.</p>", translations: { es: { subject: "¡Llegó el día!", html: "<p>Ya está aquí.</p>" } } }), actor);
    await advanceBroadcasts();
    expect(await drain(transport)).toEqual(["sent", "sent"]);
    const toLupita = readable(peer.received.find((mail) => mail.to.includes("lupita@example.com"))!.raw);
    const toJamie = readable(peer.received.find((mail) => mail.to.includes("jamie@example.com"))!.raw);
    expect(toLupita).toContain("Subject: ¡Llegó el día!");
    expect(toLupita).toContain("Ya está aquí.");
    expect(toLupita).not.toContain("It is here.");
    expect(toJamie).toContain("Subject: Launch day!");
    expect(toJamie).toContain("It is here.");
    expect(toJamie).not.toContain("Ya está aquí.");

    // Without a Spanish version, everyone gets the English.
    await createBroadcast(launchNews({ subject: "News", html: "<p>English only.</p>" }), actor);
    await advanceBroadcasts();
    expect(await drain(transport)).toEqual(["sent", "sent"]);
    const news = peer.received.filter((mail) => readable(mail.raw).includes("Subject: News"));
    expect(news.map((mail) => mail.to).flat().sort()).toEqual(["jamie@example.com", "lupita@example.com"]);
    expect(news.every((mail) => readable(mail.raw).includes("English only."))).toBe(true);
  });

  it("skips unsubscribed and bounced addresses, and a permanent refusal marks the address bounced", async () => {
    const { peer, transport } = await smtp({ rejectRecipients: ["gone@example.com"] });
    await member("fan");
    await member("quiet");
    await member("gone");
    await suppressEmailHash(emailHashOf("quiet@example.com"), "unsubscribed");
    const created = await createBroadcast(launchNews(), actor);
    await advanceBroadcasts();
    expect((await drain(transport)).sort()).toEqual(["failed", "sent"]);
    expect(peer.received.map((mail) => mail.to).flat()).toEqual(["fan@example.com"]);

    // The next broadcast does not even try the bounced address.
    const rows = await db.select({ reason: sql<string>`reason` }).from(sql`email_suppressions`).where(sql`email_hash = ${emailHashOf("gone@example.com")}`);
    expect(rows).toEqual([{ reason: "bounced" }]);
    await advanceBroadcasts();
    expect(await getBroadcast(created.id)).toMatchObject({ status: "finished", progress: { sent: 1, failed: 1, suppressed: 1 } });
    await createBroadcast(launchNews({ subject: "Again" }), actor);
    await advanceBroadcasts();
    expect((await drain(transport)).sort()).toEqual(["sent"]);
    expect(peer.received.map((mail) => mail.to).flat()).toEqual(["fan@example.com", "fan@example.com"]);
  });

  it("goes again, with the same Message-ID, when the process that sent it died before marking it, and Admin counts it", async () => {
    const { peer, transport } = await smtp();
    const ada = await member("ada");
    await member("bo");
    const created = await createBroadcast(launchNews(), actor);
    await advanceBroadcasts();

    // A process claims both, the mail server accepts Ada's (its 250), and the process is killed before its mark.
    const claimed = await claimBroadcastBatch(BROADCAST_LEASE_SECONDS, 60_000, 25);
    expect(claimed).toHaveLength(2);
    const templates = await broadcastTemplates(created.id);
    if (!templates || templates.problem !== null) throw new Error("the broadcast did not compile");
    const toAda = claimed.find((message) => message.memberId === ada.id)!;
    await transport.send({ ...toAda, kind: "broadcast", replyTo: null, templateData: null, ...fillForMember(templates, toAda, await placesFor([toAda])) });
    // While its lease runs, nobody else sends them.
    expect(await sendBatch(transport)).toBe("none");

    // The lease ran out (15 s; the clock is moved, not waited for): another process takes both over.
    await db.update(emailOutbox).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(emailOutbox.broadcastId, created.id));
    expect(await drain(transport)).toEqual(["sent", "sent"]);
    const messageIds = (address: string) => peer.received.filter((mail) => mail.to.includes(address)).map((mail) => mail.messageId);
    expect(messageIds("ada@example.com")).toHaveLength(2);
    expect(new Set(messageIds("ada@example.com")).size).toBe(1);
    expect(messageIds("bo@example.com")).toHaveLength(1);
    await advanceBroadcasts();
    expect(await getBroadcast(created.id)).toMatchObject({ status: "finished", takenOver: 2, progress: { sent: 2, waiting: 0, failed: 0 } });
  });

  it("slows down when the mail server says to try later: the rest of the batch goes back untried, and everyone gets theirs once", async () => {
    const { peer, transport } = await smtp({ throttleFirst: 1 });
    for (const name of ["a1", "a2", "a3"]) await member(name);
    const created = await createBroadcast(launchNews(), actor);
    await advanceBroadcasts();
    expect(await sendNextBroadcastBatch(transport)).toEqual({ claimed: 3, sent: 0, failed: 1, slowDown: true });
    const rows = await db.select({ attempts: emailOutbox.attempts, lockedUntil: emailOutbox.lockedUntil, lastError: emailOutbox.lastError }).from(emailOutbox).orderBy(emailOutbox.id);
    expect(rows.map((row) => row.attempts)).toEqual([1, 0, 0]);
    expect(rows.every((row) => row.lockedUntil === null)).toBe(true);
    expect(rows[0]!.lastError).toMatch(/451/);

    expect(await drain(transport)).toEqual(["sent", "sent"]);
    await db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }); // its retry's back-off has passed
    expect(await drain(transport)).toEqual(["sent"]);
    expect(peer.received.map((mail) => mail.to).flat().sort()).toEqual(["a1@example.com", "a2@example.com", "a3@example.com"]);
    await advanceBroadcasts();
    expect(await getBroadcast(created.id)).toMatchObject({ status: "finished", takenOver: 0, progress: { sent: 3, failed: 0 } });
  });

  it("keeps a live sender's messages its own: the heartbeat renews their lease", async () => {
    await smtp();
    await member("ada");
    const created = await createBroadcast(launchNews(), actor);
    await advanceBroadcasts();
    const claimed = await claimBroadcastBatch(1, 60_000, 25);
    expect(claimed).toHaveLength(1);
    await renewEmailLeases(claimed, BROADCAST_LEASE_SECONDS);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the first lease (1 s) would have run out
    expect(await claimBroadcastBatch(BROADCAST_LEASE_SECONDS, 60_000, 25)).toEqual([]);
    expect(await getBroadcast(created.id)).toMatchObject({ takenOver: 0, progress: { waiting: 1 } });
  });

  it("keeps to the pace across processes, and pause, resume and cancel take effect at the next message", async () => {
    const first = await smtp();
    const other = transportTo(first.peer.url);
    for (const name of ["a1", "a2", "a3", "a4"]) await member(name);
    await saveSiteSettings({ broadcastMessagesPerMinute: 1 }, ADMIN.id);
    const created = await createBroadcast(launchNews(), actor);
    await advanceBroadcasts();

    // One a minute: the first goes, and neither process may send another now.
    expect(await sendBatch(first.transport)).toEqual(["sent"]);
    expect(await sendBatch(other)).toBe("none");
    expect(await sendBatch(first.transport)).toBe("none");

    await controlBroadcast(created.id, "pause", actor);
    await db.update(broadcasts).set({ nextSendAt: sql`now()` }); // the minute has passed
    expect(await sendBatch(other)).toBe("none");
    await controlBroadcast(created.id, "resume", actor);
    expect(await sendBatch(other)).toEqual(["sent"]);
    expect(await refusal(controlBroadcast(created.id, "resume", actor))).toBe("This broadcast is sending: it cannot be resumed.");

    await controlBroadcast(created.id, "cancel", actor);
    await db.update(broadcasts).set({ nextSendAt: sql`now()` });
    expect(await sendBatch(first.transport)).toBe("none");
    await advanceBroadcasts();
    expect(await getBroadcast(created.id)).toMatchObject({ status: "cancelled", progress: { queued: 4, sent: 2, waiting: 0, skipped: 2 } });
    expect(first.peer.received).toHaveLength(2);
    other.close();
  });

  it("waits for its scheduled time", async () => {
    const { peer, transport } = await smtp();
    await member("ada");
    const created = await createBroadcast(launchNews({ scheduledAt: new Date(Date.now() + 3_600_000) }), actor);
    expect(created.status).toBe("scheduled");
    await advanceBroadcasts();
    expect(await drain(transport)).toEqual([]);
    await db.update(broadcasts).set({ scheduledAt: sql`now()` });
    await advanceBroadcasts();
    expect(await drain(transport)).toEqual(["sent"]);
    expect(peer.received).toHaveLength(1);
  });
});

describe("queueing a page at a time", () => {
  async function queuedFor(audience: BroadcastInput["audience"]) {
    const created = await createBroadcast(launchNews({ audience }), actor);
    let pages = 0;
    while (await queueNextPage(2)) pages++;
    const rows = await db.select({ memberId: emailOutbox.memberId }).from(emailOutbox).where(eq(emailOutbox.broadcastId, created.id));
    return { pages, members: rows.map((row) => row.memberId).sort() };
  }

  it("queues each member of a filtered audience once, across pages", async () => {
    const everyone = await Promise.all(["a", "b", "c", "d", "e"].map((name, i) => member(name, { points: i })));
    await member("unconfirmed", { confirmed: false });
    const { pages, members } = await queuedFor({ kind: "confirmed" });
    expect(members).toEqual(everyone.map((joined) => joined.id).sort());
    expect(pages).toBe(3);
  });

  it("queues a ranked audience's cut once, across pages, never a member past the cut", async () => {
    const everyone = await Promise.all(["a", "b", "c", "d", "e"].map((name, i) => member(name, { points: 10 * i })));
    const { members } = await queuedFor({ kind: "top_all_time", count: 3 });
    expect(members).toEqual(everyone.slice(2).map((joined) => joined.id).sort());
  });
});

describe("bad input", () => {
  it("is refused with a clear message before anything is queued", async () => {
    await member("ada", { tags: ["superfan"] });
    const parse = (input: Record<string, unknown>) => {
      const result = BroadcastInputSchema.safeParse({ subject: "Hi", html: "<p>Hi</p>", audience: { kind: "confirmed" }, ...input });
      return result.success ? "ok" : result.error.issues.map((issue) => issue.message).join(" | ");
    };
    expect(parse({ html: "<p>Hi {{FIRST_NAME}}</p>" })).toBe("Unknown placeholder {{FIRST_NAME}}. Use {{CREW_NAME}}, {{PLACE_IN_LINE}}, {{POINTS}}, {{REFERRAL_LINK}}, {{INVITE_LINK}}.");
    expect(parse({ subject: "" })).toBe("Subject is required");
    expect(parse({ html: "<p> </p>" })).toBe("Message is required");
    expect(parse({ subject: "Hi\u0000" })).toMatch(/control characters/);
    expect(parse({ audience: { kind: "everyone" } })).not.toBe("ok");
    expect(parse({ html: "x".repeat(100_001) })).toBe("Message is too long");

    expect(await refusal(createBroadcast(launchNews({ audience: { kind: "tag", tag: "nobody-has-this" } }), actor))).toBe('No crew member has the tag "nobody-has-this".');
    expect(await refusal(createBroadcast(launchNews({ audience: { kind: "wave", waveId: 99 } }), actor))).toBe("There is no wave #99.");
    expect(await refusal(createBroadcast(launchNews({ html: "<p>Come in: {{INVITE_LINK}}</p>" }), actor))).toBe(
      "{{INVITE_LINK}} works only when the audience is a wave: its members have an invite.",
    );
    await db.update(waitlistUsers).set({ confirmedEmail: false });
    expect(await refusal(createBroadcast(launchNews({ audience: { kind: "tag", tag: "superfan" } }), actor))).toBe(
      'Nobody in "Members tagged "superfan"" has confirmed their e-mail address yet, so a broadcast would reach no one.',
    );
    expect(await db.select().from(broadcasts)).toEqual([]);
    expect(await db.select().from(emailOutbox)).toEqual([]);
  });

  it("sanitises the message like site text", async () => {
    await member("ada");
    const created = await createBroadcast(launchNews({ html: `<p onclick="steal()">Hi</p><script>alert(1)</script><img src=x onerror=alert(1)>` }), actor);
    expect(created.html).not.toMatch(/script|onclick|onerror/);
  });
});
