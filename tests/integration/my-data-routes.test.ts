import { and, desc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, sessions, users, waitlistUsers } from "../../db/schema";
import { resetDatabase } from "../db-reset";
import { SELF_CONSENT } from "../factories";
import { requestWithCookie, signInAs } from "../auth-helpers";
import { db } from "~/kernel/db.server";
import { emailHashOf, getSuppression, suppressEmailHash } from "~/lib/email/suppression.server";
import { createErasureToken } from "~/lib/privacy/erasure-link.server";
import { PRIVACY_LIMITS } from "~/lib/privacy/privacy-request.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { rememberDeviceMember } from "~/lib/waitlist/visitor-cookies.server";
import * as dashboard from "~/routes/dashboard";
import * as myData from "~/routes/dashboard.my-data";
import * as deleteMyData from "~/routes/delete-my-data";
import * as memberData from "~/routes/api/member-data";
import * as waitlistEmails from "~/routes/admin/waitlist-emails";

// The export and erasure routes as the server calls them (ADR 0045): a clear 4xx for a bad,
// stale or used link, a fresh sign-in before anything, limits, and owners/admins only in the back office.

const context = { cspNonce: "", requestId: "test", clientIp: "127.0.0.1" };
type Handler = (args: never) => unknown;
type Answer = { status: number; location: string | null; body: unknown };

async function call(handler: Handler, request: Request, params: Record<string, string> = {}): Promise<Answer> {
  const result: unknown = await (handler as (args: unknown) => Promise<unknown>)({ request, params, context }).catch((thrown: unknown) => thrown);
  if (result instanceof Response) {
    const isJson = result.headers.get("Content-Type")?.startsWith("application/json") ?? false;
    return { status: result.status, location: result.headers.get("Location"), body: isJson ? await result.json() : null };
  }
  // data(…, { status }) or a plain object.
  if (result !== null && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
    const { data, init } = result as unknown as { data: unknown; init?: { status?: number } | null };
    return { status: init?.status ?? 200, location: null, body: data };
  }
  return { status: 200, location: null, body: result };
}

const post = (path: string, cookie: string | undefined, fields: Record<string, string>) => requestWithCookie(path, cookie, { method: "POST", body: new URLSearchParams(fields) });

async function member(email: string) {
  const { member } = await joinWaitlist({ email, consent: SELF_CONSENT });
  return { id: member.id, cookie: await signInAs(email) };
}

async function ageSessions(email: string, minutes: number) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await db.update(sessions).set({ createdAt: sql`now() - make_interval(mins => ${minutes})` }).where(eq(sessions.userId, user!.id));
}

beforeEach(async () => {
  await resetDatabase();
});

describe("the confirmation link", () => {
  it("answers a forged link 404, an expired or used one 410, and erases once", async () => {
    const { id } = await member("link.lark@example.com");
    const open = (token: string) => call(deleteMyData.loader, requestWithCookie(`/delete-my-data?${new URLSearchParams({ token })}`));
    const confirm = (token: string) => call(deleteMyData.action, post("/delete-my-data", undefined, { token }));
    expect((await open("nonsense")).status).toBe(404);
    expect((await confirm(`${id}.99999999999999.forged`)).status).toBe(404);
    const stale = createErasureToken(id, new Date(Date.now() - 25 * 60 * 60 * 1000));
    expect(await open(stale)).toMatchObject({ status: 410, body: { problem: "expired" } });
    expect(await confirm(stale)).toMatchObject({ status: 410, body: { problem: "expired" } });
    const token = createErasureToken(id);
    expect(await open(token)).toMatchObject({ status: 200, body: { token } });
    // Confirmed on the device they joined on: its "joined here" cookie is cleared too.
    const device = (await rememberDeviceMember(id)).split(";")[0]!;
    const erased = (await deleteMyData.action({ request: post("/delete-my-data", device, { token }), params: {}, context } as never)) as Response;
    expect(erased.status).toBe(302);
    expect(erased.headers.get("Location")).toBe("/delete-my-data?deleted=1");
    expect(erased.headers.get("Set-Cookie")).toMatch(/^lc_member=; .*Max-Age=0/);
    expect(await open("")).toMatchObject({ status: 404 });
    expect(await call(deleteMyData.loader, requestWithCookie("/delete-my-data?deleted=1"))).toMatchObject({ status: 200, body: { erased: true } });
    expect(await confirm(token)).toMatchObject({ status: 410, body: { problem: "used" } });
    expect(await open(token)).toMatchObject({ status: 410, body: { problem: "used" } });
  });

  it("answers this browser's repeated post (its first answer lost) as the first, anyone else's as used, and erases no one else", async () => {
    const leaving = await member("leaving.lark@example.com");
    const staying = await member("staying.swift@example.com");
    const token = createErasureToken(leaving.id);
    const thisBrowser = (await rememberDeviceMember(leaving.id)).split(";")[0]!;
    const confirm = (cookie?: string, link = token) => call(deleteMyData.action, post("/delete-my-data", cookie, { token: link }));
    expect(await confirm(thisBrowser)).toMatchObject({ status: 302, location: "/delete-my-data?deleted=1" });
    // The same post again from the browser that still holds its "joined here" cookie: the same answer.
    expect(await confirm(thisBrowser)).toMatchObject({ status: 302, location: "/delete-my-data?deleted=1" });
    // Another browser, or one whose cookie names someone else: the link is spent.
    expect(await confirm()).toMatchObject({ status: 410, body: { problem: "used" } });
    expect(await confirm((await rememberDeviceMember(staying.id)).split(";")[0]!)).toMatchObject({ status: 410, body: { problem: "used" } });
    expect(await confirm(thisBrowser, `${token}x`)).toMatchObject({ status: 404, body: { problem: "invalid" } });
    const left = await db.select({ id: waitlistUsers.id, email: waitlistUsers.email }).from(waitlistUsers);
    expect(left).toEqual([{ id: staying.id, email: "staying.swift@example.com" }]);
  });
});

describe("My data on the dashboard", () => {
  it("asks for a fresh sign-in before a download or a deletion, then limits them", async () => {
    const email = "fresh.finch@example.com";
    const { cookie } = await member(email);
    await ageSessions(email, 11);
    expect(await call(myData.action, post("/dashboard/my-data", cookie, {}))).toMatchObject({ status: 302, location: "/dashboard?my-data=sign-in-again#my-data" });
    expect(await call(dashboard.action, post("/dashboard", cookie, { intent: "request-erasure" }))).toMatchObject({ status: 403 });
    expect(await call(dashboard.loader, requestWithCookie("/dashboard", cookie))).toMatchObject({ body: { member: { myData: { isFresh: false } } } });
    // "E-mail me a new sign-in link" sends one; a new session is fresh.
    expect(await call(dashboard.action, post("/dashboard", cookie, { intent: "fresh-sign-in" }))).toMatchObject({ status: 200 });
    const fresh = await signInAs(email);

    const download = await call(myData.action, post("/dashboard/my-data", fresh, {}));
    expect(download.status).toBe(200);
    expect(download.body).toMatchObject({ format: "launchcrew-member-export/1", membership: { contactEmail: email }, pointsHistory: [{ points: 10, what: "+10 — joined the waitlist" }] });
    for (let i = 1; i < PRIVACY_LIMITS.export.limit; i += 1) expect((await call(myData.action, post("/dashboard/my-data", fresh, {}))).status).toBe(200);
    expect(await call(myData.action, post("/dashboard/my-data", fresh, {}))).toMatchObject({ status: 302, location: "/dashboard?my-data=wait#my-data" });
    const audited = await db.execute<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'member.exported' and after is null and before is null`);
    expect(audited.rows[0]?.n).toBe(PRIVACY_LIMITS.export.limit);

    expect(await call(dashboard.action, post("/dashboard", fresh, { intent: "request-erasure" }))).toMatchObject({ status: 200 });
    const [mail] = await db.select({ text: emailOutbox.text }).from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "erasure_confirmation"))).orderBy(desc(emailOutbox.id));
    expect(mail?.text).toMatch(/\/delete-my-data\?token=/);
    for (let i = 1; i < PRIVACY_LIMITS.erasure.limit; i += 1) await call(dashboard.action, post("/dashboard", fresh, { intent: "request-erasure" }));
    expect(await call(dashboard.action, post("/dashboard", fresh, { intent: "request-erasure" }))).toMatchObject({ status: 429 });
  });
});

describe("a child's membership", () => {
  it("sends the deletion link to the parent, with the way to withdraw consent as every e-mail to a parent has", async () => {
    const email = "parent.of.kid@example.com";
    const { id, cookie } = await member(email);
    await db.update(waitlistUsers).set({ consentMethod: "parent_email_plus", ageBand: "under_consent_age" }).where(eq(waitlistUsers.id, id));
    expect(await call(dashboard.action, post("/dashboard", cookie, { intent: "request-erasure" }))).toMatchObject({ status: 200, body: { myData: { tone: "info" } } });
    const [mail] = await db.select({ text: emailOutbox.text }).from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "erasure_confirmation")));
    expect(mail?.text).toContain("your child's");
    expect(mail?.text).toMatch(/\/delete-my-data\?token=.*\/parent-consent\/revoke\?token=/s);
  });
});

describe("Waitlist Users", () => {
  it("lets owners and admins download and erase a member, and nobody else", async () => {
    const { id } = await member("admin.target@example.com");
    const cookies: Record<string, string> = {};
    for (const role of ["admin", "editor", "viewer"] as const) {
      const email = `${role}.privacy@example.com`;
      cookies[role] = await signInAs(email);
      await db.update(users).set({ role }).where(eq(users.email, email));
    }
    const download = (cookie: string) => call(memberData.loader, requestWithCookie(`/api/members/${id}/data.json`, cookie), { memberId: id });
    const erase = (cookie: string) => call(waitlistEmails.action, post("/admin/waitlist-emails", cookie, { intent: "erase", memberId: id, confirm: "erase" }));
    expect((await download(cookies.viewer!)).status).toBe(403);
    expect((await download(cookies.editor!)).status).toBe(403);
    expect(await download(cookies.admin!)).toMatchObject({ status: 200, body: { membership: { id } } });
    expect((await erase(cookies.viewer!)).location).toMatch(/^\/unauthorized/);
    expect((await erase(cookies.editor!)).location).toMatch(/^\/unauthorized/);
    expect(await erase(cookies.admin!)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await erase(cookies.admin!)).toMatchObject({ body: { ok: false } });
    const audit = (await db.execute<{ action: string; actor_name: string; before: unknown; after: unknown }>(sql`select action, actor_name, before, after from audit_events where target_id = ${id} order by id`)).rows;
    expect(audit.map((row) => row.action)).toEqual(["member.exported", "member.erased"]);
    expect(audit.every((row) => row.actor_name === "admin.privacy@example.com" && row.before === null && row.after === null)).toBe(true);
  });
});

describe("news and prize e-mails on the dashboard", () => {
  it("turns them off and on again, a bounce too once the member signs in, audited without the address", async () => {
    const email = "quiet.quail@example.com";
    const { cookie } = await member(email);
    const status = async () => ((await call(dashboard.loader, requestWithCookie("/dashboard", cookie))).body as { member: { emailStatus: string } }).member.emailStatus;
    expect(await status()).toBe("subscribed");
    expect(await call(dashboard.action, post("/dashboard", cookie, { intent: "email-unsubscribe" }))).toMatchObject({ status: 200 });
    expect([await status(), await getSuppression(email)]).toEqual(["unsubscribed", "unsubscribed"]);
    expect(await call(dashboard.action, post("/dashboard", cookie, { intent: "email-resubscribe" }))).toMatchObject({ status: 200 });
    expect([await status(), await getSuppression(email)]).toEqual(["subscribed", null]);

    await suppressEmailHash(emailHashOf(email), "bounced");
    expect(await status()).toBe("bounced");
    await call(dashboard.action, post("/dashboard", cookie, { intent: "email-resubscribe" }));
    expect(await status()).toBe("subscribed");

    const audit = await db.execute<{ action: string; after: unknown }>(sql`select action, after from audit_events where target_type = 'email_suppression' order by id`);
    expect(audit.rows.map((row) => row.action)).toEqual(["email.unsubscribed", "email.resubscribed", "email.resubscribed"]);
    expect(JSON.stringify(audit.rows)).not.toContain("quiet.quail");
    // Nobody signed in changes anything.
    expect((await call(dashboard.action, post("/dashboard", undefined, { intent: "email-unsubscribe" }))).status).toBe(302);
    expect(await getSuppression(email)).toBeNull();
  });
});
