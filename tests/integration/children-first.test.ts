import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents, consentRequests, emailOutbox, users, waitlistUsers } from "../../db/schema";
import { requestWithCookie, signInAs } from "../auth-helpers";
import { resetDatabase } from "../db-reset";
import { ADULT_BIRTH } from "../factories";
import { createApiKey } from "~/lib/api/api-keys.server";
import { handleApiRequest } from "~/lib/api/dispatch.server";
import { API_ENDPOINTS } from "~/lib/api/endpoints.server";
import { API_SCOPE_NAMES } from "~/lib/api/scopes";
import { loadLegalFacts } from "~/lib/consent/legal-facts.server";
import { currentPrivacyNotice } from "~/lib/consent/privacy-notice.server";
import { db } from "~/kernel/db.server";
import { answerEmbedJoin } from "~/lib/embed/embed-join.server";
import { getEmbedConfig } from "~/lib/embed/embed-config.server";
import { getSiteSetting } from "~/lib/settings/settings.server";
import { action as joinAction, loader as joinLoader } from "~/routes/join-waitlist";
import { action as settingsAction } from "~/routes/admin/settings";

// Issue 38, item 3 (ADR 0066): "Who the site is for". Families — the neutral age question —
// or "Children first": no age question, the join form asks only for the parent's or
// guardian's address and every sign-up is a consent request to that grown-up, with nothing
// of the child stored. An owner switches it, audited; /privacy says which it is.

const ORIGIN = "http://localhost:3000";
type Action = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;
const context = { cspNonce: "", requestId: "test", clientIp: "203.0.113.60" };

async function post(fields: Record<string, string>) {
  const request = new Request(`${ORIGIN}/join-waitlist`, { method: "POST", body: new URLSearchParams(fields) });
  const result = await (joinAction as unknown as Action)({ request, params: {}, context });
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), data: undefined };
  const { data, init } = result as { data: Record<string, unknown>; init: { status?: number } | null };
  return { status: init?.status ?? 200, location: null, data };
}

async function saveAudience(cookie: string, siteAudience: string) {
  const request = requestWithCookie("/admin/settings", cookie, { method: "POST", body: new URLSearchParams({ siteAudience }) });
  const result = (await (settingsAction as unknown as Action)({ request, params: {}, context })) as { data: unknown; init: { status?: number } | null };
  return { status: result.init?.status ?? 200, answer: JSON.stringify(result.data) };
}

async function apiJoin(secret: string, email: string) {
  const request = new Request(`${ORIGIN}/api/v1/members`, {
    method: "POST",
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
    body: JSON.stringify({ email, ...ADULT_BIRTH }),
  });
  const response = await handleApiRequest(request, API_ENDPOINTS, { clientIp: "192.0.2.1" });
  return { status: response.status, body: (await response.json()) as { detail?: string } };
}

beforeEach(resetDatabase);

describe("Who the site is for", () => {
  it("is an owner's to switch, audited, and a new privacy notice the policy states; an admin is refused and nothing changes", async () => {
    const before = await currentPrivacyNotice("en");
    const admin = await signInAs("helper.admin@example.com");
    await db.update(users).set({ role: "admin" }).where(eq(users.email, "helper.admin@example.com"));
    const refused = await saveAudience(admin, "children_first");
    expect(refused.status).toBe(403);
    expect(refused.answer).toContain("Only an owner can change who the site is for.");
    expect(await getSiteSetting("siteAudience")).toBe("families");

    const owner = await signInAs("admin@example.com"); // ADMIN_EMAILS in local mode: the team's owner
    expect((await saveAudience(owner, "children_first")).status).toBe(200);
    expect(await getSiteSetting("siteAudience")).toBe("children_first");
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.action, "settings.saved"));
    expect(audit.map((row) => row.after)).toContainEqual(expect.objectContaining({ site_audience: "children_first" }));
    expect((await loadLegalFacts("en")).siteAudience).toBe("children_first");
    expect((await currentPrivacyNotice("en")).version).toBeGreaterThan(before.version);
    expect((await saveAudience(owner, "everyone")).status).toBe(400);
    expect(await getSiteSetting("siteAudience")).toBe("children_first");
  });
});

describe("Children first", () => {
  let secret = "";
  beforeEach(async () => {
    const owner = await signInAs("admin@example.com");
    expect((await saveAudience(owner, "children_first")).status).toBe(200);
    const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, "admin@example.com"));
    secret = (await createApiKey({ name: "Shop", scopes: API_SCOPE_NAMES }, staff!.id)).secret;
  });

  it("asks no age: the join form's only question is the grown-up's address", async () => {
    const page = (await joinLoader({ request: new Request(`${ORIGIN}/join-waitlist`), params: {}, context } as never)) as { ageQuestion: unknown };
    expect(page.ageQuestion).toEqual({ parentFirst: { label: "Parent's or guardian's e-mail address", text: expect.stringContaining("keep nothing about you unless they say yes") } });
    const embed = await getEmbedConfig("en");
    expect(embed).toMatchObject({ childrenFirst: true, emailLabel: "Parent's or guardian's e-mail address" });
  });

  it("makes every sign-up a consent request to the grown-up, storing nothing of the child", async () => {
    const answer = await post({ email: "grown.up@example.com" });
    expect(answer).toMatchObject({ status: 302, location: "/parent-consent?sent=1" });
    expect(await db.select().from(waitlistUsers)).toEqual([]);
    const [request] = await db.select().from(consentRequests);
    expect(request).toMatchObject({ parentEmail: "grown.up@example.com", consentCountry: null, consentAge: null });
    const notices = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "grown.up@example.com"));
    expect(notices.map((mail) => mail.kind)).toEqual(["parent_consent"]);
    // A birth date sent anyway changes nothing: still the grown-up's request, no member.
    expect((await post({ email: "other.grown.up@example.com", ...ADULT_BIRTH })).location).toBe("/parent-consent?sent=1");
    expect(await db.select().from(waitlistUsers)).toEqual([]);
  });

  it("keeps the other rules: a bad address is refused with nothing stored; the embed asks the grown-up; the API cannot join anyone", async () => {
    const bad = await post({ email: "not-an-address" });
    expect(bad.status).toBe(400);
    expect(await db.select().from(consentRequests)).toEqual([]);
    const visitor = { clientIp: "198.51.100.9", userAgent: null, siteLanguage: "en" as const, requestId: "test" };
    expect((await answerEmbedJoin({ email: "embed.grown.up@example.com" }, visitor)).body).toEqual({ status: "parent_asked" });
    expect((await db.select().from(consentRequests)).map((row) => row.parentEmail)).toEqual(["embed.grown.up@example.com"]);
    const api = await apiJoin(secret, "api.grown.up@example.com");
    expect(api.status).toBe(403);
    expect(api.body.detail).toContain("children first");
    expect(await db.select().from(waitlistUsers)).toEqual([]);
  });
});

describe("Families (a mixed audience)", () => {
  it("asks the age question, and a grown-up joins by form and API as before", async () => {
    const page = (await joinLoader({ request: new Request(`${ORIGIN}/join-waitlist`), params: {}, context } as never)) as { ageQuestion: unknown };
    expect(page.ageQuestion).toMatchObject({ months: expect.any(Array) });
    expect((await post({ email: "no.age@example.com" })).status).toBe(400);
    expect((await post({ email: "grown.up@example.com", ...ADULT_BIRTH })).location).toMatch(/^\/thank-you/);
    const [staff] = await db.insert(users).values({ id: "admin-9", name: "Admin", email: "boss@example.com", role: "admin" }).returning();
    const secret = (await createApiKey({ name: "Shop", scopes: API_SCOPE_NAMES }, staff!.id)).secret;
    expect((await apiJoin(secret, "api.grown.up@example.com")).status).toBe(201);
    expect((await db.select({ email: waitlistUsers.email }).from(waitlistUsers)).map((row) => row.email).sort()).toEqual(["api.grown.up@example.com", "grown.up@example.com"]);
  });
});
