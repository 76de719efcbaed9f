// Issue 29, correction: a member moves their membership to another address, confirmed by
// a link to the new one. Nothing changes before the link's post; the link works once and
// runs out; refusals are 4xx with the reason and change nothing.
import { desc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addressChanges, auditEvents, emailOutbox, referrals, sessions, users, waitlistUsers } from "../../db/schema";
import { requestWithCookie, signInAs } from "../auth-helpers";
import { resetDatabase } from "../db-reset";
import { db } from "~/kernel/db.server";
import { ADDRESS_CHANGE_LIMIT_MESSAGE, SAME_ADDRESS_MESSAGE } from "~/lib/contact-address/address-change-rules";
import { THROWAWAY_ADDRESS_MESSAGE } from "~/lib/waitlist/throwaway-domains.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { action as changeAction, loader as changeLoader } from "~/routes/account.address";
import { action as confirmAction, loader as confirmLoader } from "~/routes/confirm-address";

const OLD = "moving.member@example.com";
const NEW = "new.home@example.org";
const context = { cspNonce: "", requestId: "test", clientIp: "203.0.113.9" };

type Answer = { status: number; location: string | null; data: unknown };

async function answerOf(run: () => Promise<unknown>): Promise<Answer> {
  const result = await run().catch((thrown: unknown) => thrown);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), data: null };
  const isData = typeof result === "object" && result !== null && "init" in result && "data" in result;
  if (!isData) return { status: 200, location: null, data: result };
  const { data, init } = result as { data: unknown; init: { status?: number } | null };
  return { status: init?.status ?? 200, location: null, data };
}

async function askToMove(cookie: string, newEmail: string): Promise<Answer> {
  const request = requestWithCookie("/account/address", cookie, { method: "POST", body: new URLSearchParams({ newEmail }) });
  return answerOf(() => changeAction({ request, params: {}, context } as never));
}

async function confirmationToken(to = NEW): Promise<string> {
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id)).limit(1);
  return /\/confirm-address\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
}

async function confirm(token: string, fromCookie?: string): Promise<Answer> {
  const request = requestWithCookie("/confirm-address", fromCookie, { method: "POST", body: new URLSearchParams({ token }) });
  return answerOf(() => confirmAction({ request, params: {}, context } as never));
}

async function openLink(token: string): Promise<Answer> {
  const request = new Request(`http://localhost:3000/confirm-address?${new URLSearchParams({ token })}`);
  return answerOf(() => confirmLoader({ request, params: {}, context } as never));
}

async function memberEmails(): Promise<string[]> {
  return (await db.select({ email: waitlistUsers.email }).from(waitlistUsers).orderBy(waitlistUsers.email)).map((row) => row.email);
}

let cookie: string;
let memberId: string;

beforeEach(async () => {
  await resetDatabase();
  memberId = (await joinWaitlist({ email: OLD, isConfirmed: true })).member.id;
  cookie = await signInAs(OLD);
});

describe("changing the contact address", () => {
  it("moves the membership and its sign-in only when the link to the new address is followed, once", async () => {
    const page = await answerOf(() => changeLoader({ request: requestWithCookie("/account/address", cookie), params: {}, context } as never));
    expect(page.data).toMatchObject({ email: OLD });
    expect(await askToMove(cookie, ` ${NEW.toUpperCase()} `)).toMatchObject({ status: 302, location: "/account/address?sent=1" });
    expect(await memberEmails()).toEqual([OLD]);

    const token = await confirmationToken();
    // Opening the link (as a mail scanner does) changes nothing.
    expect((await openLink(token)).status).toBe(200);
    expect(await memberEmails()).toEqual([OLD]);
  });

  it("confirms: the member, their sign-in account and the audit follow; the old address is told; the link is spent", async () => {
    await askToMove(cookie, NEW);
    const token = await confirmationToken();
    expect(await confirm(token)).toMatchObject({ status: 200, data: { outcome: "changed" } });
    const [member] = await db.select().from(waitlistUsers);
    expect(member).toMatchObject({ id: memberId, email: NEW, confirmedEmail: true });
    expect((await db.select({ email: users.email }).from(users)).map((row) => row.email)).toEqual([NEW]);
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.action, "member.address_changed"));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toMatch(/moving\.member|new\.home/);
    const [notice] = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "address_changed"));
    expect(notice).toMatchObject({ toAddress: OLD });
    expect(notice!.text).not.toContain(NEW);
    expect(await confirm(token)).toMatchObject({ status: 404, data: { outcome: "unknown" } });
    expect((await openLink(token)).status).toBe(404);
    expect(await db.select().from(addressChanges)).toHaveLength(0);
  });

  it("moves the whole family on the address, and nobody else's membership (ADR 0067)", async () => {
    const childConsent = { ageBand: "under_consent_age", method: "parent_email_plus", noticeVersion: 1 } as const;
    const sibling = (await joinWaitlist({ email: OLD, consent: childConsent })).member.id;
    const neighbour = (await joinWaitlist({ email: "moving.member.next@example.com", isConfirmed: true })).member.id;
    await askToMove(cookie, NEW);
    expect(await confirm(await confirmationToken())).toMatchObject({ status: 200, data: { outcome: "changed" } });
    const rows = await db.select({ id: waitlistUsers.id, email: waitlistUsers.email }).from(waitlistUsers).orderBy(waitlistUsers.email);
    expect(rows).toEqual(expect.arrayContaining([{ id: memberId, email: NEW }, { id: sibling, email: NEW }, { id: neighbour, email: "moving.member.next@example.com" }]));
    expect(await db.select().from(auditEvents).where(eq(auditEvents.action, "member.address_changed"))).toHaveLength(2);
  });

  it("refuses the same address, a throwaway domain and a malformed one, with the reason", async () => {
    expect(await askToMove(cookie, "Moving.Member@Example.com")).toMatchObject({ status: 400, data: { error: SAME_ADDRESS_MESSAGE } });
    expect(await askToMove(cookie, "kid@mailinator.com")).toMatchObject({ status: 400, data: { error: THROWAWAY_ADDRESS_MESSAGE } });
    expect((await askToMove(cookie, "not an address\u0000")).status).toBe(400);
    expect(await db.select().from(addressChanges)).toHaveLength(0);
  });

  // Issue 37: the answer said whether an address was a member's or the team's, without limit.
  it("answers an address that has a membership or a sign-in account as any other, and only within the limit; nothing is stored or sent for it", async () => {
    await joinWaitlist({ email: "taken@example.com" });
    await signInAs("staff.account@example.com");
    await db.delete(emailOutbox);
    const free = await askToMove(cookie, "free@example.org");
    expect(free).toMatchObject({ status: 302, location: "/account/address?sent=1" });
    expect(await askToMove(cookie, "taken@example.com")).toEqual(free);
    expect(await askToMove(cookie, "Staff.Account@example.com")).toEqual(free);
    // Nothing for the taken addresses: the free address's request still stands, and only it got a link.
    expect((await db.select({ newEmail: addressChanges.newEmail }).from(addressChanges)).map((row) => row.newEmail)).toEqual(["free@example.org"]);
    expect((await db.select({ to: emailOutbox.toAddress }).from(emailOutbox)).map((row) => row.to)).toEqual(["free@example.org"]);
    // Past the limit, taken or not, the same refusal.
    const limited = await askToMove(cookie, "another@example.org");
    expect(limited).toMatchObject({ status: 429, data: { error: ADDRESS_CHANGE_LIMIT_MESSAGE } });
    expect(await askToMove(cookie, "taken@example.com")).toEqual(limited);
  });

  it("needs a sign-in from the last minutes, as export and erasure do; nothing is stored or sent before", async () => {
    await db.execute(sql`update sessions set created_at = now() - interval '11 minutes'`);
    await db.delete(emailOutbox);
    const stale = await askToMove(cookie, NEW);
    expect(stale).toMatchObject({
      status: 403,
      data: { error: "For your safety, changing your address needs a sign-in from the last 10 minutes. We can e-mail you a new sign-in link." },
    });
    expect(await db.select().from(addressChanges)).toHaveLength(0);
    expect(await db.select().from(emailOutbox)).toHaveLength(0);
    const page = await answerOf(() => changeLoader({ request: requestWithCookie("/account/address", cookie), params: {}, context } as never));
    expect(page.data).toMatchObject({ isFresh: false });
    // "E-mail me a new sign-in link", then the link: the same request goes through.
    const resend = requestWithCookie("/account/address", cookie, { method: "POST", body: new URLSearchParams({ intent: "fresh-sign-in" }) });
    expect(await answerOf(() => changeAction({ request: resend, params: {}, context } as never))).toMatchObject({ status: 200, data: { notice: "sign-in-sent" } });
    expect((await db.select({ kind: emailOutbox.kind, to: emailOutbox.toAddress }).from(emailOutbox))).toEqual([{ kind: "magic_link", to: OLD }]);
    const fresh = await signInAs(OLD);
    expect(await askToMove(fresh, NEW)).toMatchObject({ status: 302, location: "/account/address?sent=1" });
    expect(await db.select().from(addressChanges)).toHaveLength(1);
  });

  it("ends every other session of the member on confirmation; the confirming browser's own and other people's stay", async () => {
    const laptop = await signInAs(OLD);
    const bystander = await signInAs("bystander@example.com");
    const sessionsOf = async (email: string) =>
      (await db.select({ id: sessions.id }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.email, email))).length;
    expect(await sessionsOf(OLD)).toBe(2);
    await askToMove(cookie, NEW);
    expect(await confirm(await confirmationToken(), laptop)).toMatchObject({ status: 200, data: { outcome: "changed" } });
    expect(await sessionsOf(NEW)).toBe(1);
    expect((await answerOf(() => changeLoader({ request: requestWithCookie("/account/address", laptop), params: {}, context } as never))).data).toMatchObject({ email: NEW });
    expect((await answerOf(() => changeLoader({ request: requestWithCookie("/account/address", cookie), params: {}, context } as never))).location).toMatch(/^\/join-waitlist/);
    expect(await sessionsOf("bystander@example.com")).toBe(1);
    expect(bystander).not.toBe("");

    // Confirmed from a browser that is not signed in as them: every session ends.
    await askToMove(laptop, "third.home@example.org");
    expect(await confirm(await confirmationToken("third.home@example.org"), bystander)).toMatchObject({ status: 200, data: { outcome: "changed" } });
    expect(await sessionsOf("third.home@example.org")).toBe(0);
    expect(await sessionsOf("bystander@example.com")).toBe(1);
  });

  it("limits how often a member may ask", async () => {
    for (let attempt = 1; attempt <= 3; attempt++) expect((await askToMove(cookie, `try${attempt}@example.org`)).status).toBe(302);
    expect(await askToMove(cookie, "try4@example.org")).toMatchObject({ status: 429, data: { error: ADDRESS_CHANGE_LIMIT_MESSAGE } });
    // Only the newest link works: each request replaced the last.
    expect(await db.select().from(addressChanges)).toHaveLength(1);
    expect((await confirm(await confirmationToken("try1@example.org"))).status).toBe(404);
  });

  it("a link that ran out, a forged one and a post without one answer 404 and change nothing", async () => {
    await askToMove(cookie, NEW);
    const token = await confirmationToken();
    await db.execute(sql`update address_changes set requested_at = now() - interval '2 days', expires_at = now() - interval '1 day'`);
    expect((await confirm(token)).status).toBe(404);
    expect((await confirm("x".repeat(43))).status).toBe(404);
    expect((await confirm("")).status).toBe(404);
    expect((await openLink("../../etc/passwd")).status).toBe(404);
    expect(await memberEmails()).toEqual([OLD]);
  });

  it("someone who joins with the new address before the link is followed keeps it: 409, nothing moves", async () => {
    await askToMove(cookie, NEW);
    const token = await confirmationToken();
    await joinWaitlist({ email: NEW });
    expect(await confirm(token)).toMatchObject({ status: 409, data: { outcome: "taken" } });
    expect(await memberEmails()).toEqual([OLD, NEW].sort());
  });

  it("a member who never confirmed the old address is confirmed by the new one, and their referrer is paid", async () => {
    const host = await joinWaitlist({ email: "host@example.com", isConfirmed: true });
    const friend = await joinWaitlist({ email: "typo.friend@example.com", referralCode: host.member.referralCode });
    expect((await db.select().from(referrals))[0]?.status).toBe("pending");
    const friendCookie = await signInAs("typo.friend@example.com");
    await askToMove(friendCookie, "right.friend@example.com");
    await confirm(await confirmationToken("right.friend@example.com"));
    const [moved] = await db.select().from(waitlistUsers).where(eq(waitlistUsers.id, friend.member.id));
    expect(moved).toMatchObject({ email: "right.friend@example.com", confirmedEmail: true });
    expect((await db.select().from(referrals))[0]?.status).toBe("credited");
  });

  it("a visitor who is not signed in is sent to join, and a signed-in person without a membership to the dashboard", async () => {
    expect(await askToMove("", NEW)).toMatchObject({ status: 302 });
    expect((await askToMove("", NEW)).location).toMatch(/^\/join-waitlist/);
    await db.delete(waitlistUsers);
    expect(await askToMove(cookie, NEW)).toMatchObject({ status: 302, location: "/dashboard" });
  });
});
