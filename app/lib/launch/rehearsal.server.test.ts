import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { pointsLedger, users, webhookEndpoints } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { isAppError } from "../../kernel/errors";
import { claimDueEmails, enqueueEmail, listMailbox, markEmailSentAndClaimNext } from "../email/outbox.server";
import type { MailTransport } from "../email/transport.server";
import { deliverDueEmails } from "../email/worker.server";
import { purgeExpiredData } from "../maintenance/purge.server";
import { getPrizeClaimPage } from "../prizes/prize-claims.server";
import { createPrizeClaimToken } from "../prizes/claim-token.server";
import { freezeDueSeasons } from "../seasons/season-freeze.server";
import { confirmSeasonWinners, getFrozenSeason, listFrozenSeasons, listHallOfFame } from "../seasons/season-winners.server";
import { getSiteSetting } from "../settings/settings.server";
import { saveSiteSettingsForm } from "../settings/site-settings-form.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { createWebhookEndpoint, setWebhookEndpointTest } from "../webhooks/endpoints.server";
import { resendWebhookMessage, sendTestEvent } from "../webhooks/enqueue.server";
import { rehearseSeasonClose } from "./rehearsal-season.server";
import { endRehearsal, getRehearsalState, startRehearsal } from "./rehearsal.server";

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values([
    { id: "owner-1", name: "Owner", email: "owner@example.com", role: "owner" },
    { id: "admin-1", name: "Admin", email: "admin@example.com", role: "admin" },
  ]);
});

function recordingTransport() {
  const sent: { kind: string; to: string }[] = [];
  const transport: MailTransport = { kind: "smtp", send: async (message) => void sent.push({ kind: message.kind, to: message.to }), close: () => undefined };
  return { sent, transport };
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (isAppError(error) ? { status: error.status, message: error.userMessage } : error));

/** Every row of what a member is, as the database holds it. */
async function membersRows() {
  const read = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rows;
  return {
    members: await read(sql`select * from waitlist_users order by id`),
    ledger: await read(sql`select * from points_ledger order by id`),
    seasonPoints: await read(sql`select * from season_points order by season, member_id`),
    referrals: await read(sql`select * from referrals order by id`),
    invites: await read(sql`select * from member_invites order by member_id`),
    standings: await read(sql`select * from season_standings order by season, position`),
    claims: await read(sql`select * from prize_claims order by season, member_id`),
    suppressions: await read(sql`select * from email_suppressions order by email_hash`),
  };
}

const thisMonth = () => (db.execute<{ season: string }>(sql`select to_char(date_trunc('month', now() at time zone site_time_zone()), 'YYYY-MM-DD') as season`)).then((result) => result.rows[0]!.season);

async function webhookEvents() {
  const rows = await db.execute<{ url: string; event_type: string; payload: { data: Record<string, unknown> } }>(sql`
    select e.url, m.event_type, m.payload from webhook_messages m join webhook_endpoints e on e.id = m.endpoint_id order by m.id`);
  return rows.rows.map((row) => ({ url: row.url, type: row.event_type, rehearsal: row.payload.data.rehearsal ?? false }));
}

describe("starting and ending a rehearsal", () => {
  it("is for owners only, seen at once by the e-mail claim, and audited", async () => {
    expect(await refusal(startRehearsal("admin-1"))).toEqual({ status: 403, message: "Only an owner can start or end a rehearsal." });
    expect(await getSiteSetting("rehearsalMode")).toBe(false);

    await startRehearsal("owner-1");
    expect(await getSiteSetting("rehearsalMode")).toBe(true);
    expect((await db.execute<{ on: boolean }>(sql`select rehearsal_mode_on() as on`)).rows[0]!.on).toBe(true);
    expect(await refusal(startRehearsal("owner-1"))).toMatchObject({ status: 409 });
    expect(await refusal(endRehearsal("admin-1"))).toMatchObject({ status: 403 });

    await endRehearsal("owner-1");
    expect(await getSiteSetting("rehearsalMode")).toBe(false);
    expect(await refusal(endRehearsal("owner-1"))).toMatchObject({ status: 409 });
    const audit = await db.execute<{ action: string; actor_id: string }>(sql`select action, actor_id from audit_events where action like 'rehearsal.%' order by id`);
    expect(audit.rows).toEqual([
      { action: "rehearsal.started", actor_id: "owner-1" },
      { action: "rehearsal.ended", actor_id: "owner-1" },
    ]);
  });
});

describe("e-mail during a rehearsal", () => {
  it("stays in the back office's mailbox; a sign-in link still goes, and a real visitor's message goes when the rehearsal ends", async () => {
    await startRehearsal("owner-1");
    await enqueueEmail({ kind: "contact", to: "studio@example.com", replyTo: "kid@example.com", subject: "Hello", html: "<p>Hi</p>", text: "Hi" });
    await enqueueEmail({ kind: "magic_link", to: "owner@example.com", subject: "Your sign-in link", html: "<p>Link</p>", text: "Link" });
    const { sent, transport } = recordingTransport();
    await deliverDueEmails(transport);
    expect(sent).toEqual([{ kind: "magic_link", to: "owner@example.com" }]);
    const mailbox = await listMailbox(100, { rehearsalOnly: true });
    expect(mailbox.map((message) => [message.subject, message.status])).toEqual([["Hello", "sent"]]);

    const { discarded, sent: sentAtEnd } = await endRehearsal("owner-1");
    expect(discarded.messages).toBe(0);
    expect(sentAtEnd).toBe(1);
    await deliverDueEmails(transport);
    expect(sent.map((message) => message.kind)).toEqual(["magic_link", "contact"]);
    expect(await listMailbox(100, { rehearsalOnly: true })).toEqual([]);
  });

  it("is not lost when the rehearsal ends while its sender holds it: it goes out for real afterwards, once", async () => {
    await startRehearsal("owner-1");
    await enqueueEmail({ kind: "contact", to: "studio@example.com", subject: "Hello", html: "<p>Hi</p>", text: "Hi" });
    const [held] = await claimDueEmails(1);
    expect(held?.rehearsal).toBe(true);
    await endRehearsal("owner-1");
    // The sender, which claimed it in the rehearsal, now marks it kept: the mark does not count.
    expect((await markEmailSentAndClaimNext(held!.id, { forgetBody: false, claimNext: false, rehearsal: true })).wasMarked).toBe(false);
    const { sent, transport } = recordingTransport();
    expect(await deliverDueEmails(transport)).toBe(1);
    expect(sent).toEqual([{ kind: "contact", to: "studio@example.com" }]);
  });

  it("claimed for real just before the switch is sent for real", async () => {
    await enqueueEmail({ kind: "contact", to: "studio@example.com", subject: "Hello", html: "<p>Hi</p>", text: "Hi" });
    const [claimed] = await claimDueEmails(1);
    await startRehearsal("owner-1");
    expect(claimed?.rehearsal).toBe(false);
    expect((await markEmailSentAndClaimNext(claimed!.id, { forgetBody: false, claimNext: false, rehearsal: claimed!.rehearsal })).wasMarked).toBe(true);
    await endRehearsal("owner-1");
    const { sent, transport } = recordingTransport();
    expect(await deliverDueEmails(transport)).toBe(0);
    expect(sent).toEqual([]);
  });
});

describe("a rehearsed season close", () => {
  async function crew() {
    const members = [];
    for (const name of ["nova", "pixel", "comet"]) members.push((await joinWaitlist({ email: `${name}@example.com` })).member);
    // Points this month, so the month so far has a top.
    await db.insert(pointsLedger).values(members.map((member, index) => ({ memberId: member.id, delta: 30 - index * 10, reason: "admin_adjustment" as const })));
    await db.insert(webhookEndpoints).values([
      { url: "https://test.example/hooks", events: ["season.closed"], secret: "whsec_test", isTest: true },
      { url: "https://real.example/hooks", events: ["season.closed"], secret: "whsec_real" },
    ]);
    return members;
  }

  it("e-mails its winners into the back office only, tells only test endpoints, and leaves members' data exactly as before once ended", async () => {
    const members = await crew();
    const { transport, sent } = recordingTransport();
    await deliverDueEmails(transport); // the welcome e-mails, before the rehearsal
    const before = await membersRows();

    await startRehearsal("owner-1");
    expect(await refusal(rehearseSeasonClose("admin-1"))).toMatchObject({ status: 403 });
    const { season, standings } = await rehearseSeasonClose("owner-1");
    expect(season).toBe(await thisMonth());
    expect(standings).toBe(3);
    expect(await webhookEvents()).toEqual([{ url: "https://test.example/hooks", type: "season.closed", rehearsal: true }]);
    expect((await listFrozenSeasons()).map((summary) => [summary.season, summary.rehearsal])).toEqual([[season, true]]);

    const { winners } = await confirmSeasonWinners(season, "owner-1");
    expect(winners).toBeGreaterThan(0);
    expect((await getFrozenSeason(season))?.isConfirmed).toBe(true);
    expect(await listHallOfFame()).toEqual([]);
    expect(await getPrizeClaimPage(createPrizeClaimToken(members[0]!.id, season))).toEqual({ state: "invalid" });
    const sentBefore = sent.length;
    await deliverDueEmails(transport);
    expect(sent.slice(sentBefore)).toEqual([]);
    const held = await listMailbox(100, { rehearsalOnly: true });
    expect(held.filter((message) => message.kind === "season_winner")).toHaveLength(winners);
    expect(await getRehearsalState()).toMatchObject({ isOn: true, discards: { messages: winners, seasons: 1, waves: 0, broadcasts: 0 }, toSendAtEnd: 0 });

    expect(await endRehearsal("owner-1")).toEqual({ discarded: { messages: winners, seasons: 1, waves: 0, broadcasts: 0 }, sent: 0 });
    expect(await listFrozenSeasons()).toEqual([]);
    expect((await db.execute(sql`select id from email_outbox where kind = 'season_winner'`)).rows).toEqual([]);
    await deliverDueEmails(transport);
    expect(sent.slice(sentBefore)).toEqual([]);
    expect(await membersRows()).toEqual(before);
  });

  it("discards winner e-mails the sender had not reached yet as well", async () => {
    await crew();
    await startRehearsal("owner-1");
    const { season } = await rehearseSeasonClose("owner-1");
    const { winners } = await confirmSeasonWinners(season, "owner-1");
    expect((await endRehearsal("owner-1")).discarded.messages).toBe(winners);
    const { sent, transport } = recordingTransport();
    await deliverDueEmails(transport);
    expect(sent.filter((message) => message.kind === "season_winner")).toEqual([]);
  });

  it("is refused outside a rehearsal, and a real season's winners wait for its end", async () => {
    const [nova] = await crew();
    expect(await refusal(rehearseSeasonClose("owner-1"))).toMatchObject({ status: 409, message: "Start a rehearsal first (Site Settings → Rehearsal)." });
    await db.insert(pointsLedger).values({ memberId: nova!.id, delta: 40, reason: "admin_adjustment", createdAt: new Date("2024-10-15T12:00:00Z") });
    expect(await freezeDueSeasons()).toContain("2024-10-01");
    await startRehearsal("owner-1");
    expect(await refusal(confirmSeasonWinners("2024-10-01", "owner-1"))).toMatchObject({ status: 409 });
    await endRehearsal("owner-1");
    expect((await confirmSeasonWinners("2024-10-01", "owner-1")).winners).toBe(1);
  });

  it("can be run again: the month's rehearsal is replaced, and a time zone change meanwhile keeps the month's points", async () => {
    await crew();
    await startRehearsal("owner-1");
    const first = await rehearseSeasonClose("owner-1");
    const second = await rehearseSeasonClose("owner-1");
    expect(second).toEqual(first);
    const pointsBefore = (await db.execute(sql`select season, member_id, points from season_points order by member_id`)).rows;
    await saveSiteSettingsForm({ siteTimeZone: "UTC" }, "admin-1");
    await saveSiteSettingsForm({ siteTimeZone: "America/Los_Angeles" }, "admin-1");
    expect((await db.execute(sql`select season, member_id, points from season_points order by member_id`)).rows).toEqual(pointsBefore);
  });
});

describe("the month-end freeze during a rehearsal", () => {
  it("waits, and closes the month for real (real endpoints told) once the rehearsal has ended", async () => {
    const { member } = await joinWaitlist({ email: "nova@example.com" });
    await db.insert(pointsLedger).values({ memberId: member.id, delta: 40, reason: "admin_adjustment", createdAt: new Date("2024-10-15T12:00:00Z") });
    await db.insert(webhookEndpoints).values({ url: "https://real.example/hooks", events: ["season.closed"], secret: "whsec_real" });
    await startRehearsal("owner-1");
    expect(await freezeDueSeasons()).toEqual([]);
    expect(await webhookEvents()).toEqual([]);
    await endRehearsal("owner-1");
    expect(await freezeDueSeasons()).toContain("2024-10-01");
    expect((await listFrozenSeasons()).find((summary) => summary.season === "2024-10-01")?.rehearsal).toBe(false);
    expect(await webhookEvents()).toContainEqual({ url: "https://real.example/hooks", type: "season.closed", rehearsal: false });
    expect(await freezeDueSeasons()).toEqual([]);
  });
});

describe("webhooks from the Developers screen during a rehearsal (issue 37)", () => {
  async function endpoints() {
    const created = await db
      .insert(webhookEndpoints)
      .values([
        { url: "https://test.example/hooks", events: ["member.joined"], secret: "whsec_test", isTest: true },
        { url: "https://real.example/hooks", events: ["member.joined"], secret: "whsec_real" },
      ])
      .returning({ id: webhookEndpoints.id, isTest: webhookEndpoints.isTest });
    return { testId: created.find((row) => row.isTest)!.id, liveId: created.find((row) => !row.isTest)!.id };
  }
  const messagesTo = async () => (await db.execute<{ url: string; event_type: string }>(sql`select e.url, m.event_type from webhook_messages m join webhook_endpoints e on e.id = m.endpoint_id order by m.id`)).rows;
  const isTestOf = async (id: string) => (await db.select({ isTest: webhookEndpoints.isTest }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!.isTest;

  it("sends a test event and a resend to test endpoints only; a live endpoint is refused and hears nothing", async () => {
    const { testId, liveId } = await endpoints();
    await sendTestEvent(liveId, "admin-1"); // before the rehearsal: a live endpoint's test goes
    await db.execute(sql`update webhook_messages set status = 'delivered'`);
    const [liveMessage] = (await db.execute<{ id: number }>(sql`select id from webhook_messages`)).rows;

    await startRehearsal("owner-1");
    const before = await messagesTo();
    expect(await refusal(sendTestEvent(liveId, "owner-1"))).toEqual({ status: 409, message: "Rehearsal mode is on: only test endpoints get events until it ends." });
    expect(await refusal(resendWebhookMessage(liveMessage!.id, "owner-1"))).toEqual({ status: 409, message: "Rehearsal mode is on: only test endpoints get events until it ends." });
    expect(await messagesTo()).toEqual(before);
    expect((await db.execute<{ status: string }>(sql`select status from webhook_messages where id = ${liveMessage!.id}`)).rows[0]!.status).toBe("delivered");

    await sendTestEvent(testId, "admin-1");
    expect((await messagesTo()).at(-1)).toEqual({ url: "https://test.example/hooks", event_type: "webhook.test" });
    await db.execute(sql`update webhook_messages set status = 'delivered'`);
    const testMessage = (await db.execute<{ id: number }>(sql`select max(id) as id from webhook_messages`)).rows[0]!;
    await resendWebhookMessage(testMessage.id, "admin-1");
    expect((await db.execute<{ status: string }>(sql`select status from webhook_messages where id = ${testMessage.id}`)).rows[0]!.status).toBe("pending");

    await endRehearsal("owner-1");
    await sendTestEvent(liveId, "admin-1"); // and after it, live endpoints again
    expect((await messagesTo()).at(-1)).toEqual({ url: "https://real.example/hooks", event_type: "webhook.test" });
  });

  it("lets only an owner mark an endpoint test or live (or add a test one) while it runs", async () => {
    const { testId, liveId } = await endpoints();
    await startRehearsal("owner-1");
    const refused = { status: 403, message: "Rehearsal mode is on: only an owner can mark an endpoint test or live until it ends." };
    expect(await refusal(setWebhookEndpointTest(liveId, true, "admin-1"))).toEqual(refused);
    expect(await refusal(setWebhookEndpointTest(testId, false, "admin-1"))).toEqual(refused);
    expect(await refusal(createWebhookEndpoint({ url: "https://other.example/hooks", description: "", events: ["member.joined"], isTest: true }, "admin-1"))).toEqual(refused);
    expect([await isTestOf(liveId), await isTestOf(testId)]).toEqual([false, true]);
    expect(await db.select().from(webhookEndpoints)).toHaveLength(2);

    await setWebhookEndpointTest(liveId, true, "owner-1");
    expect(await isTestOf(liveId)).toBe(true);
    await createWebhookEndpoint({ url: "https://live2.example/hooks", description: "", events: ["member.joined"] }, "admin-1"); // a live one: nothing to hear
    await endRehearsal("owner-1");
    await setWebhookEndpointTest(liveId, false, "admin-1"); // after it, admins again
    expect(await isTestOf(liveId)).toBe(false);
  });
});

describe("a long rehearsal (issue 37)", () => {
  it("keeps a held message's body past the sent-body purge and sends it whole when it ends; a really sent one's body still goes", async () => {
    const sent: { to: string; text: string; html: string }[] = [];
    const transport: MailTransport = { kind: "smtp", send: async (message) => void sent.push({ to: message.to, text: message.text, html: message.html }), close: () => undefined };
    await enqueueEmail({ kind: "template_test", to: "before@example.com", subject: "Sent for real", text: "old body", html: "<p>old body</p>" });
    await deliverDueEmails(transport);
    await startRehearsal("owner-1");
    await enqueueEmail({ kind: "parent_consent", to: "parent@example.com", subject: "Please approve", text: "Approve: https://x.example/a?token=t", html: "<p>Approve</p>" });
    await deliverDueEmails(transport);
    expect(sent.map((message) => message.to)).toEqual(["before@example.com"]);
    // Two days later, the hourly purge runs.
    await db.execute(sql`update email_outbox set sent_at = now() - interval '2 days', created_at = now() - interval '2 days'`);
    expect((await purgeExpiredData()).emailBodies).toBe(1);
    const bodies = (await db.execute<{ subject: string; text: string }>(sql`select subject, text from email_outbox order by id`)).rows;
    expect(bodies).toEqual([
      { subject: "Sent for real", text: "" },
      { subject: "Please approve", text: "Approve: https://x.example/a?token=t" },
    ]);

    expect((await endRehearsal("owner-1")).sent).toBe(1);
    await deliverDueEmails(transport);
    expect(sent.at(-1)).toEqual({ to: "parent@example.com", text: "Approve: https://x.example/a?token=t", html: "<p>Approve</p>" });
  });
});
