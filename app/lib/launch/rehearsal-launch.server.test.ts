import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { adminActor } from "../audit/actor";
import { db } from "../../kernel/db.server";
import { listMailbox } from "../email/outbox.server";
import type { MailTransport } from "../email/transport.server";
import { saveSiteSettings } from "../settings/settings.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { listMembersPage } from "../waitlist/member-admin.server";
import { getMemberForPartners } from "../waitlist/members.server";
import { advanceBroadcasts } from "./broadcasts/broadcast-queue.server";
import { sendNextBroadcastBatch } from "./broadcasts/broadcast-sender.server";
import { BroadcastInputSchema } from "./broadcasts/broadcast.schema";
import { createBroadcast } from "./broadcasts/broadcasts.server";
import { endRehearsal, getRehearsalState, startRehearsal } from "./rehearsal.server";
import { deliverDueEmails } from "../email/worker.server";
import { inviteWave } from "./waves.server";
import { createInviteCode } from "./invite-code.server";
import { getDashboardLaunch, getInvitePage, redeemInvite, WAITING } from "./invites.server";

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: "owner-1", name: "Owner", email: "owner@example.com", role: "owner" });
});

function recordingTransport() {
  const sent: { kind: string; to: string }[] = [];
  const transport: MailTransport = { kind: "smtp", send: async (message) => void sent.push({ kind: message.kind, to: message.to }), close: () => undefined };
  return { sent, transport };
}

describe("broadcasts during a rehearsal", () => {
  const news = (subject: string) => BroadcastInputSchema.parse({ subject, html: "<p>Hello {{CREW_NAME}}</p>", audience: { kind: "confirmed" } });

  async function drain(transport: MailTransport) {
    for (let i = 0; i < 50 && (await sendNextBroadcastBatch(transport)).claimed > 0; i++);
  }

  it("keep a rehearsal broadcast in the back office and discard it at the end; a real one waits and goes after", async () => {
    await saveSiteSettings({ broadcastMessagesPerMinute: 60_000 }, null);
    for (const name of ["nova", "pixel"]) {
      const { member } = await joinWaitlist({ email: `${name}@example.com` });
      await db.execute(sql`update waitlist_users set confirmed_email = true where id = ${member.id}`);
    }
    await db.execute(sql`delete from email_outbox`);
    const owner = adminActor({ id: "owner-1", email: "owner@example.com" });
    const { sent, transport } = recordingTransport();

    const real = await createBroadcast(news("Real news"), owner);
    await startRehearsal("owner-1");
    const rehearsed = await createBroadcast(news("Rehearsed news"), owner);
    await advanceBroadcasts();
    await drain(transport);
    expect(sent).toEqual([]);
    const held = await listMailbox(100, { rehearsalOnly: true });
    expect(held.map((message) => message.subject).sort()).toEqual(["Rehearsed news", "Rehearsed news"]);
    expect(await getRehearsalState()).toMatchObject({ discards: { messages: 2, broadcasts: 1 } });

    expect((await endRehearsal("owner-1")).discarded).toMatchObject({ messages: 2, broadcasts: 1 });
    expect((await db.execute(sql`select id::integer as id from broadcasts order by id`)).rows).toEqual([{ id: real.id }]);
    await advanceBroadcasts();
    await drain(transport);
    expect(sent.map((message) => message.to).sort()).toEqual(["nova@example.com", "pixel@example.com"]);
    expect(rehearsed.id).not.toBe(real.id);
  });
});

describe("waves during a rehearsal", () => {
  it("keep a rehearsal wave's invitations in the back office; the end deletes the wave, its invites and its e-mails", async () => {
    for (const name of ["nova", "pixel"]) {
      const { member } = await joinWaitlist({ email: `${name}@example.com` });
      await db.execute(sql`update waitlist_users set confirmed_email = true, points = 50 where id = ${member.id}`);
    }
    await db.execute(sql`delete from email_outbox`);
    // One invitation a minute: the second is surely not due yet, however slow this machine is.
    await saveSiteSettings({ broadcastMessagesPerMinute: 1 }, null);
    const { sent, transport } = recordingTransport();
    await startRehearsal("owner-1");
    const { invited } = await inviteWave({ audience: { kind: "top_all_time", count: 2 } }, "owner-1");
    expect(invited).toBe(2);
    await deliverDueEmails(transport);
    expect(sent).toEqual([]);
    // Invitations are spaced out: the first is due now, and held; the second, not yet due, goes with it.
    expect((await listMailbox(100, { rehearsalOnly: true })).map((message) => message.kind)).toEqual(["wave_invite"]);
    expect(await getRehearsalState()).toMatchObject({ discards: { messages: 2, waves: 1 } });
    expect((await endRehearsal("owner-1")).discarded).toMatchObject({ messages: 2, waves: 1 });
    expect((await db.execute(sql`select count(*)::integer as n from member_invites`)).rows[0]).toEqual({ n: 0 });
    expect((await db.execute(sql`select count(*)::integer as n from email_outbox`)).rows[0]).toEqual({ n: 0 });
  });
});

describe("a rehearsal wave's invites and the members (issue 37)", () => {
  it("never show on a member's dashboard nor redeem; a real wave's invite still does", async () => {
    const ids: string[] = [];
    for (const name of ["nova", "pixel"]) {
      const { member } = await joinWaitlist({ email: `${name}@example.com` });
      await db.execute(sql`update waitlist_users set confirmed_email = true, points = ${name === "nova" ? 50 : 40} where id = ${member.id}`);
      ids.push(member.id);
    }
    const [nova, pixel] = ids as [string, string];
    // A real wave for nova before the rehearsal; the rehearsal's wave invites pixel.
    const real = await inviteWave({ audience: { kind: "top_all_time", count: 1 } }, "owner-1");
    await startRehearsal("owner-1");
    const rehearsed = await inviteWave({ audience: { kind: "top_all_time", count: 2 } }, "owner-1");
    expect(rehearsed.invited).toBe(1);
    const rehearsalCode = createInviteCode({ memberId: pixel, waveId: rehearsed.wave.id });

    expect(await getDashboardLaunch(pixel)).toEqual({ ...WAITING, invitePath: null });
    expect(await getInvitePage(rehearsalCode, pixel)).toEqual({ state: "gone" });
    await expect(redeemInvite(rehearsalCode, pixel)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await db.execute(sql`select admitted_at from member_invites where member_id = ${pixel}`)).rows).toEqual([{ admitted_at: null }]);
    expect((await db.execute(sql`select count(*)::integer as n from webhook_messages where event_type = 'member.admitted'`)).rows[0]).toEqual({ n: 0 });
    // Nor does an integration reading the member (the API), nor the back office's launch filter, see it.
    expect((await getMemberForPartners(pixel))?.launchStatus).toBe("waiting");
    expect((await getMemberForPartners(nova))?.launchStatus).toBe("invited");
    expect((await listMembersPage({ launch: "invited" })).rows.map((row) => row.id)).toEqual([nova]);

    const novaLaunch = await getDashboardLaunch(nova);
    expect(novaLaunch).toMatchObject({ status: "invited", waveId: real.wave.id });
    expect(novaLaunch.invitePath).not.toBeNull();
    const realCode = createInviteCode({ memberId: nova, waveId: real.wave.id });
    expect(await getInvitePage(realCode, nova)).toEqual({ state: "ready", waveId: real.wave.id });
    expect(await redeemInvite(realCode, nova)).toEqual({ outcome: "admitted" });
  });
});
