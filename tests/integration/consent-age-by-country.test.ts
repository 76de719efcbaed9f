// Issue 38, item 4 (ADR 0063): the consent age follows the country given on the age
// question. A 13-year-old in Spain (14) goes to the parent step, one in the United States
// (13) joins; the record keeps the country and the age that applied, never a birth date;
// the parent's answer carries them onto the membership. The table is an owner's setting,
// every value bounded.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { consentRequests, emailOutbox, users, waitlistUsers } from "../../db/schema";
import { requestWithCookie, signInAs } from "../auth-helpers";
import { resetDatabase } from "../db-reset";
import { answerConsentRequest } from "~/lib/consent/consent-requests.server";
import { SEEDED_CONSENT_AGES } from "~/lib/consent/consent-age-by-country";
import { db } from "~/kernel/db.server";
import { answerEmbedJoin } from "~/lib/embed/embed-join.server";
import { createApiKey } from "~/lib/api/api-keys.server";
import { handleApiRequest } from "~/lib/api/dispatch.server";
import { API_ENDPOINTS } from "~/lib/api/endpoints.server";
import { API_SCOPE_NAMES } from "~/lib/api/scopes";
import { buildMemberExport } from "~/lib/privacy/export-member.server";
import { getSiteSetting } from "~/lib/settings/settings.server";
import { action as joinAction } from "~/routes/join-waitlist";
import { action as parentAction } from "~/routes/parent-consent";
import { action as settingsAction } from "~/routes/admin/settings";

const ORIGIN = "http://localhost:3000";
const context = { cspNonce: "", requestId: "test", clientIp: "203.0.113.60" };
type Action = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;

/** Thirteen and a half today: born six months before their thirteenth birthday's month, whatever today is. */
function thirteenAndAHalf() {
  const now = new Date();
  const born = new Date(Date.UTC(now.getUTCFullYear() - 13, now.getUTCMonth() - 6, 1));
  return { birthMonth: String(born.getUTCMonth() + 1), birthYear: String(born.getUTCFullYear()) };
}

beforeEach(resetDatabase);

async function post(action: unknown, path: string, fields: Record<string, string>, cookie = "") {
  const request = new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: cookie ? { Cookie: cookie } : {} });
  const result = await (action as Action)({ request, params: {}, context });
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), cookies: result.headers.getSetCookie(), data: undefined };
  const isDataWithInit = typeof result === "object" && result !== null && "init" in result && "data" in result;
  const { data, init } = isDataWithInit ? (result as { data: unknown; init: { status?: number } | null }) : { data: result, init: null };
  return { status: init?.status ?? 200, location: null, cookies: [] as string[], data };
}

async function consentOf(email: string) {
  const [row] = await db
    .select({ ageBand: waitlistUsers.ageBand, consentMethod: waitlistUsers.consentMethod, consentCountry: waitlistUsers.consentCountry, consentAge: waitlistUsers.consentAge })
    .from(waitlistUsers)
    .where(eq(waitlistUsers.email, email));
  return row ?? null;
}

describe("the join form's age question with a country", () => {
  it("sends a 13-year-old in Spain to the parent step, lets one in the United States join, and keeps the country and the age", async () => {
    const birth = thirteenAndAHalf();

    const spain = await post(joinAction, "/join-waitlist", { email: "nina.es@example.com", ...birth, country: "ES" });
    expect(spain).toMatchObject({ status: 302, location: "/parent-consent" });
    expect(await consentOf("nina.es@example.com")).toBeNull();

    const states = await post(joinAction, "/join-waitlist", { email: "sam.us@example.com", ...birth, country: "US" });
    expect(states.status).toBe(302);
    expect(states.location).toMatch(/^\/thank-you/);
    expect(await consentOf("sam.us@example.com")).toEqual({ ageBand: "consent_age_or_over", consentMethod: "self", consentCountry: "US", consentAge: 13 });

    // No country, or one the list does not have: the default age (13).
    await post(joinAction, "/join-waitlist", { email: "no.country@example.com", ...birth });
    expect(await consentOf("no.country@example.com")).toEqual({ ageBand: "consent_age_or_over", consentMethod: "self", consentCountry: null, consentAge: 13 });
    await post(joinAction, "/join-waitlist", { email: "odd.country@example.com", ...birth, country: "ZZ" });
    expect(await consentOf("odd.country@example.com")).toMatchObject({ consentCountry: null, consentAge: 13 });

    // Never the birth date.
    const stored = JSON.stringify((await db.execute(sql`select * from waitlist_users`)).rows);
    expect(stored).not.toContain(birth.birthYear);
  });

  it("carries the child's country and age onto the parent's request, its notice, and the membership a yes creates", async () => {
    const child = await post(joinAction, "/join-waitlist", { email: "leo.fr@example.com", ...thirteenAndAHalf(), country: "FR" });
    expect(child.location).toBe("/parent-consent");
    const cookie = child.cookies.find((line) => line.startsWith("lc_age="))!.split(";")[0]!;
    expect((await post(parentAction, "/parent-consent", { parentEmail: "parent.fr@example.com" }, cookie)).status).toBe(302);

    const [request] = await db.select({ country: consentRequests.consentCountry, age: consentRequests.consentAge }).from(consentRequests);
    expect(request).toEqual({ country: "FR", age: 15 });
    const [notice] = await db.select({ text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.toAddress, "parent.fr@example.com"));
    expect(notice!.text).toContain("your child gave France, where it is 15");

    const token = /\/parent-consent\/answer\?token=([A-Za-z0-9_-]+)/.exec(notice!.text)![1]!;
    const answer = await answerConsentRequest(token, "approve");
    expect(answer.outcome).toBe("approved");
    expect(await consentOf("parent.fr@example.com")).toEqual({ ageBand: "under_consent_age", consentMethod: "parent_email_plus", consentCountry: "FR", consentAge: 15 });
    const exported = await buildMemberExport(answer.outcome === "approved" ? answer.member.id : "");
    expect(JSON.stringify(exported)).toContain('"country":"FR","consentAge":15');
  });

  it("asks the embedded form's country too", async () => {
    const visitor = { clientIp: "198.51.100.9", userAgent: null, siteLanguage: "en" as const, requestId: "test" };
    const birth = thirteenAndAHalf();
    expect((await answerEmbedJoin({ email: "ana.de@example.com", ...birth, country: "DE" }, visitor)).body).toMatchObject({ status: "ask_parent" });
    expect((await answerEmbedJoin({ email: "ben.gb@example.com", ...birth, country: "GB" }, visitor)).body).toMatchObject({ status: "joined" });
    expect(await consentOf("ben.gb@example.com")).toMatchObject({ consentCountry: "GB", consentAge: 13 });
  });

  it("asks the API's country too: Spain's 14 refuses, the United States' 13 joins, an unknown code is a 400 with nothing stored", async () => {
    await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
    const secret = (await createApiKey({ name: "Shop", scopes: API_SCOPE_NAMES }, "admin-1")).secret;
    const join = async (body: Record<string, string>) => {
      const request = new Request(`${ORIGIN}/api/v1/members`, { method: "POST", headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const response = await handleApiRequest(request, API_ENDPOINTS, { clientIp: "192.0.2.1" });
      return { status: response.status, text: await response.text() };
    };
    const birth = thirteenAndAHalf();
    expect((await join({ email: "api.es@example.com", ...birth, country: "ES" })).status).toBe(403);
    const unknown = await join({ email: "api.xx@example.com", ...birth, country: "XX" });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("Not a country code: use ISO 3166-1 alpha-2, like ES.");
    expect((await join({ email: "api.us@example.com", ...birth, country: "us" })).status).toBe(201);
    expect(await consentOf("api.us@example.com")).toMatchObject({ ageBand: "consent_age_or_over", consentCountry: "US", consentAge: 13 });
    expect(await consentOf("api.es@example.com")).toBeNull();
    expect(await consentOf("api.xx@example.com")).toBeNull();
  });
});

describe("Admin → Settings' consent age by country", () => {
  type Answer = { ok: boolean; toast: { title: string; description?: string }; form?: { error?: Record<string, string[]> } };

  async function save(cookie: string, table: string): Promise<{ status: number; answer: Answer }> {
    const request = requestWithCookie("/admin/settings", cookie, { method: "POST", body: new URLSearchParams({ consentAgeByCountry: table }) });
    const result = (await (settingsAction as unknown as Action)({ request, params: {}, context })) as { data: Answer; init: { status?: number } | null };
    return { status: result.init?.status ?? 200, answer: result.data };
  }

  it("refuses unknown codes, ages outside 0–21, duplicates and too many rows with a clear message, saving nothing", async () => {
    const owner = await signInAs("admin@example.com"); // ADMIN_EMAILS in local mode: the team's owner
    const cases: [string, string][] = [
      ["ES 14\nXX 13", '"XX" is not a country code: use ISO 3166 codes like ES, US or GB.'],
      ["ES 22", "The consent age for ES must be a whole number from 0 to 21."],
      ["ES -1", "The consent age for ES must be a whole number from 0 to 21."],
      ["ES 14\nES 16", "ES is listed twice: one age a country."],
      [Array.from({ length: 250 }, () => "ES 14").join("\n"), "At most 249 countries."],
    ];
    for (const [table, message] of cases) {
      const { status, answer } = await save(owner, table);
      expect(status, table.slice(0, 20)).toBe(400);
      expect(JSON.stringify(answer)).toContain(message.replace(/"/g, '\\"'));
    }
    expect(await getSiteSetting("consentAgeByCountry")).toEqual(SEEDED_CONSENT_AGES);

    const saved = await save(owner, "ES 16\nUS 13");
    expect(saved.status).toBe(200);
    expect(await getSiteSetting("consentAgeByCountry")).toEqual({ ES: 16, US: 13 });
  });

  it("is an owner's to change: an admin is refused and nothing changes", async () => {
    const admin = await signInAs("helper.admin@example.com");
    await db.update(users).set({ role: "admin" }).where(eq(users.email, "helper.admin@example.com"));
    const { status, answer } = await save(admin, "ES 16");
    expect(status).toBe(403);
    expect(JSON.stringify(answer)).toContain("Only an owner can change the consent age by country.");
    expect(await getSiteSetting("consentAgeByCountry")).toEqual(SEEDED_CONSENT_AGES);
  });
});
