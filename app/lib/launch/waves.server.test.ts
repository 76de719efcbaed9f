import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents, emailOutbox, users, waitlistUsers, webhookEndpoints, webhookMessages } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { deliverDueEmails } from "../email/worker.server";
import type { MailTransport } from "../email/transport.server";
import { isAppError } from "../../kernel/errors";
import { saveSiteSettings } from "../settings/settings.server";
import { buildMemberExport } from "../privacy/export-member.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { readInviteCode } from "./invite-code.server";
import { getInvitePage, getMemberLaunch, NOT_YOURS_MESSAGE, redeemInvite } from "./invites.server";
import { inviteWave, listWaves, previewWave } from "./waves.server";

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
  await db.insert(webhookEndpoints).values({ url: "https://hooks.example.com/in", events: ["member.invited", "member.admitted"], secret: "whsec_test" });
});

async function member(localPart: string, points: number) {
  const { member: joined } = await joinWaitlist({ email: `${localPart}@example.com` });
  await db.update(waitlistUsers).set({ points }).where(eq(waitlistUsers.id, joined.id));
  return joined;
}

async function inviteEmails() {
  // Only the waves' e-mails: the sign-ups queued welcome e-mails too.
  return db.select().from(emailOutbox).where(eq(emailOutbox.kind, "wave_invite")).orderBy(emailOutbox.nextAttemptAt);
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return `${error.status} ${error.userMessage}`;
    throw error;
  }
  throw new Error("it was accepted");
}

function recordingTransport() {
  const sent: { to: string; subject: string; html: string; text: string }[] = [];
  const transport: MailTransport = { kind: "local", send: async (message) => void sent.push(message), close: () => undefined };
  return { sent, transport };
}

describe("a wave of the top 3", () => {
  it("shows the exact count and a sample before anything is written", async () => {
    await member("one", 90);
    await member("two", 80);
    await member("three", 70);
    await member("four", 10);
    const preview = await previewWave({ kind: "top_all_time", count: 3 });
    expect(preview).toMatchObject({ count: 3, alreadyInvited: 0, description: "Top 3 of the all-time leaderboard" });
    expect(preview.sample.map((row) => row.points)).toEqual([90, 80, 70]);
    expect(await inviteEmails()).toEqual([]);
    expect(await listWaves()).toEqual([]);
  });

  it("invites each once with an e-mail, a webhook and an audit entry; the 4th gets nothing", async () => {
    const one = await member("one", 90);
    await member("two", 80);
    await member("three", 70);
    const four = await member("four", 10);
    const { wave, invited, skipped } = await inviteWave({ audience: { kind: "top_all_time", count: 3 } }, "admin-1");
    expect({ invited, skipped }).toEqual({ invited: 3, skipped: 0 });
    expect(wave).toMatchObject({ name: `Wave ${wave.id}`, invitedCount: 3, admittedCount: 0, redemptionRate: 0, rehearsal: false, createdByEmail: "boss@example.com" });

    const emails = await inviteEmails();
    expect(emails.map((email) => email.toAddress)).toEqual(["one@example.com", "two@example.com", "three@example.com"]);
    expect(await getMemberLaunch(four.id)).toMatchObject({ status: "waiting" });
    expect(await getMemberLaunch(one.id)).toMatchObject({ status: "invited", waveId: wave.id });

    const hooks = await db.select({ type: webhookMessages.eventType, payload: webhookMessages.payload }).from(webhookMessages);
    expect(hooks.filter((hook) => hook.type === "member.invited")).toHaveLength(3);
    expect(hooks[0]?.payload).toMatchObject({ type: "member.invited", data: { waveId: wave.id } });

    const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.action, "wave.invited"));
    expect(audit).toMatchObject({ actorKind: "admin", actorName: "boss@example.com", targetId: String(wave.id), after: { audience: "Top 3 of the all-time leaderboard", invited: 3, skipped: 0 } });
  });

  it("sends each member their own invite link, which only they can redeem, once", async () => {
    const one = await member("one", 90);
    const two = await member("two", 80);
    await inviteWave({ name: "Early birds", audience: { kind: "top_all_time", count: 2 } }, "admin-1");
    await db.update(emailOutbox).set({ nextAttemptAt: sql`now()` });
    const { sent, transport } = recordingTransport();
    await deliverDueEmails(transport);
    const invite = sent.find((message) => message.to === "one@example.com")!;
    expect(invite.subject).toMatch(/^You're invited/);
    expect(invite.text).toMatch(/Unsubscribe/); // optional mail: it carries the unsubscribe line
    const code = new URL(/https?:\/\/\S+\/invite\?code=\S+/.exec(invite.text)![0]).searchParams.get("code")!;
    expect(readInviteCode(code)).toMatchObject({ memberId: one.id });

    // Forwarded to member two, signed in as themselves: refused, and nothing changes.
    expect(await getInvitePage(code, two.id)).toEqual({ state: "not_yours" });
    expect(await failure(redeemInvite(code, two.id))).toBe(`403 ${NOT_YOURS_MESSAGE}`);
    expect(await getMemberLaunch(one.id)).toMatchObject({ status: "invited" });
    expect(await getInvitePage(code, null)).toEqual({ state: "sign_in" });
    expect(await getInvitePage(`${code}x`, one.id)).toEqual({ state: "invalid" });

    expect(await redeemInvite(code, one.id)).toEqual({ outcome: "admitted" });
    expect(await redeemInvite(code, one.id)).toEqual({ outcome: "already_admitted" });
    expect(await getMemberLaunch(one.id)).toMatchObject({ status: "admitted" });
    const admittedHooks = await db.select().from(webhookMessages).where(eq(webhookMessages.eventType, "member.admitted"));
    expect(admittedHooks).toHaveLength(1);
    const [wave] = await listWaves();
    expect(wave).toMatchObject({ name: "Early birds", invitedCount: 2, admittedCount: 1, redemptionRate: 0.5 });
    const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.action, "member.admitted"));
    expect(audit).toMatchObject({ actorKind: "system", targetId: one.id });
    // The member's own data export has the invite.
    const exported = await buildMemberExport(one.id);
    expect(exported.membership.launch).toMatchObject({ status: "admitted", wave: "Early birds", admitted: expect.any(String) });
    expect(exported.sources.member_invites).toBe(1);
  });
});

describe("members already invited", () => {
  it("are skipped by a later wave, and said so", async () => {
    await member("one", 90);
    await member("two", 80);
    await member("three", 70);
    await inviteWave({ audience: { kind: "top_all_time", count: 2 } }, "admin-1");
    expect(await previewWave({ kind: "top_all_time", count: 3 })).toMatchObject({ count: 3, alreadyInvited: 2 });
    const { invited, skipped } = await inviteWave({ audience: { kind: "top_all_time", count: 3 } }, "admin-1");
    expect({ invited, skipped }).toEqual({ invited: 1, skipped: 2 });
    expect(await inviteEmails()).toHaveLength(3);
  });

  it("make a wave of nobody new, which is refused with nothing written", async () => {
    await member("one", 90);
    await inviteWave({ audience: { kind: "top_all_time", count: 1 } }, "admin-1");
    expect(await failure(inviteWave({ audience: { kind: "top_all_time", count: 1 } }, "admin-1"))).toBe(
      '409 Everyone in "Top 1 of the all-time leaderboard" is invited already (1 member): nobody new to invite.',
    );
    expect(await listWaves()).toHaveLength(1);
    expect(await inviteEmails()).toHaveLength(1);
  });
});

describe("bad segments", () => {
  it("are refused with a clear message before anything is queued", async () => {
    await member("one", 90);
    expect(await failure(inviteWave({ audience: { kind: "tag", tag: "ghost" } }, "admin-1"))).toBe('400 No crew member has the tag "ghost".');
    expect(await failure(inviteWave({ audience: { kind: "wave", waveId: 99 } }, "admin-1"))).toBe("400 There is no wave #99.");
    expect(await failure(inviteWave({ audience: { kind: "confirmed" } }, "admin-1"))).toBe("400 No crew member has confirmed their e-mail yet.");
    expect(await failure(previewWave({ kind: "season_winners", season: "2025-01-01" }))).toBe("400 January 2025 has not finished yet, so it has no winners.");
    expect(await listWaves()).toEqual([]);
    expect(await inviteEmails()).toEqual([]);
    expect(await db.select().from(webhookMessages)).toEqual([]);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.action, "wave.invited"))).toEqual([]);
  });
});

describe("pacing and rehearsal", () => {
  it("spaces the invite e-mails at the site's broadcast rate and marks a rehearsal's wave", async () => {
    await member("one", 90);
    await member("two", 80);
    await saveSiteSettings({ broadcastMessagesPerMinute: 60, rehearsalMode: true }, null);
    const { wave } = await inviteWave({ audience: { kind: "top_all_time", count: 2 } }, "admin-1");
    expect(wave.rehearsal).toBe(true);
    const [first, second] = await inviteEmails();
    expect(second!.nextAttemptAt.getTime() - first!.nextAttemptAt.getTime()).toBe(1000);
    expect(first!.toAddress).toBe("one@example.com");
  });
});
