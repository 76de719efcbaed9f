import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { users, waitlistUsers } from "../../db/schema";
import { createApiKey } from "../../app/lib/api/api-keys.server";
import { handleApiRequest } from "../../app/lib/api/dispatch.server";
import { API_ENDPOINTS } from "../../app/lib/api/endpoints.server";
import { API_SCOPE_NAMES } from "../../app/lib/api/scopes";
import { AGE_PASS_SECONDS } from "../../app/lib/consent/age-pass.server";
import { db } from "../../app/kernel/db.server";
import { answerEmbedJoin } from "../../app/lib/embed/embed-join.server";
import { answerJoinForm } from "../../app/lib/waitlist/join/join-answer.server";
import { API_UNDER_CONSENT_AGE_MESSAGE } from "../../app/lib/waitlist/join/signup.server";
import { resetDatabase } from "../db-reset";
import { ADULT_BIRTH } from "../factories";

// The age answer sticks on every way in (ADR 0041, 0061): an address — or a device — that
// answered under the consent age stays under for a day whatever year it sends next, and
// whichever door it comes back by. Nothing of the child is stored: no member, no address,
// no birth date.

const CHILD_BIRTH = { birthMonth: "1", birthYear: String(new Date().getUTCFullYear() - 9) };
let secret: string;

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
  secret = (await createApiKey({ name: "Shop", scopes: API_SCOPE_NAMES }, "admin-1")).secret;
});

const visitor = { clientIp: "198.51.100.7", userAgent: null, siteLanguage: "en" as const, requestId: "test" };

function embed(fields: Record<string, string>) {
  return answerEmbedJoin(fields, visitor);
}

async function api(body: Record<string, unknown>) {
  const request = new Request("http://localhost:3000/api/v1/members", {
    method: "POST",
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const response = await handleApiRequest(request, API_ENDPOINTS, { clientIp: "192.0.2.1" });
  return { status: response.status, body: (await response.json()) as { detail?: string; errors?: Record<string, string[]> } };
}

function form(fields: Record<string, string>) {
  return answerJoinForm(new URLSearchParams(fields), { ...visitor, cookieHeader: null, signedInEmail: null });
}

async function isListed(email: string) {
  return (await db.select({ id: waitlistUsers.id }).from(waitlistUsers).where(eq(waitlistUsers.email, email))).length > 0;
}

async function storedAgeRows() {
  return (await db.execute<{ key: string }>(sql`select key from rate_limits where key like 'age:under:%'`)).rows;
}

describe("the embedded form", () => {
  it("keeps an address that answered under the consent age under, whatever year it sends next", async () => {
    expect((await embed({ email: "kid@example.com", ...CHILD_BIRTH })).body).toMatchObject({ status: "ask_parent" });
    expect((await embed({ email: "kid@example.com", ...ADULT_BIRTH })).body).toMatchObject({ status: "ask_parent" });
    expect((await embed({ email: "Kid+again@example.com", ...ADULT_BIRTH })).body).toMatchObject({ status: "ask_parent" });
    expect(await isListed("kid@example.com")).toBe(false);
    // Another visitor's older year still joins.
    expect((await embed({ email: "grown.up@example.com", ...ADULT_BIRTH })).body).toMatchObject({ status: "joined" });
    const rows = await storedAgeRows();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toMatch(/kid|example|2017|1990/);
  });

  it("keeps the device under: the script sends back the age pass it was given, with any address", async () => {
    const first = (await embed({ email: "kid@example.com", ...CHILD_BIRTH })).body;
    if (!("status" in first) || first.status !== "ask_parent") throw new Error("expected the parent step");
    expect((await embed({ email: "another.try@example.com", ...ADULT_BIRTH, agePass: first.agePass })).body).toMatchObject({ status: "ask_parent" });
    // A forged or missing pass changes nothing for a fresh address.
    expect((await embed({ email: "fresh@example.com", ...ADULT_BIRTH, agePass: "forged" })).body).toMatchObject({ status: "joined" });
  });
});

describe("the API", () => {
  it("requires the age answer: 400 without it, nothing stored", async () => {
    const missing = await api({ email: "no.age@example.com" });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors ?? {})).toEqual(expect.arrayContaining(["body.birthMonth", "body.birthYear"]));
    expect(await isListed("no.age@example.com")).toBe(false);
  });

  it("keeps an address that answered under the consent age refused (403), whatever year comes next", async () => {
    expect(await api({ email: "kid@example.com", ...CHILD_BIRTH })).toMatchObject({ status: 403, body: { detail: API_UNDER_CONSENT_AGE_MESSAGE } });
    expect(await api({ email: "kid@example.com", ...ADULT_BIRTH })).toMatchObject({ status: 403, body: { detail: API_UNDER_CONSENT_AGE_MESSAGE } });
    expect(await isListed("kid@example.com")).toBe(false);
    expect((await api({ email: "grown.up@example.com", ...ADULT_BIRTH })).status).toBe(201);
  });
});

describe("the memory's day", () => {
  it("is the age pass's day, which waitlist_join_batch writes as interval '1 day'", () => {
    expect(AGE_PASS_SECONDS).toBe(24 * 60 * 60);
  });
});

describe("across the doors", () => {
  it("an address answered under on the site's form is under on the embed and the API too", async () => {
    expect(await form({ email: "kid@example.com", ...CHILD_BIRTH })).toMatchObject({ kind: "ask-parent" });
    // Without the form's cookie (another browser, or the same address sent elsewhere):
    expect(await form({ email: "kid@example.com", ...ADULT_BIRTH })).toMatchObject({ kind: "ask-parent" });
    expect((await embed({ email: "kid@example.com", ...ADULT_BIRTH })).body).toMatchObject({ status: "ask_parent" });
    expect((await api({ email: "kid@example.com", ...ADULT_BIRTH })).status).toBe(403);
    expect(await isListed("kid@example.com")).toBe(false);
    expect(await form({ email: "grown.up@example.com", ...ADULT_BIRTH })).toMatchObject({ kind: "joined" });
  });
});
