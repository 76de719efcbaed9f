import { Validator } from "@seriousme/openapi-schema-validator";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiKeys, auditEvents, broadcasts, broadcastTranslations, emailOutbox, memberAuditLog, products, referrals, users, waitlistUsers } from "../../db/schema";
import { createApiKey, listApiKeys, revokeApiKey } from "../../app/lib/api/api-keys.server";
import { log } from "../../app/kernel/log.server";
import { API_AUTH_FAILURE_LIMIT, API_RATE_LIMIT, handleApiRequest } from "../../app/lib/api/dispatch.server";
import { API_ENDPOINTS } from "../../app/lib/api/endpoints.server";
import { API_SCOPE_NAMES, type ApiScope } from "../../app/lib/api/scopes";
import { db } from "../../app/kernel/db.server";
import { consumeRateLimit } from "../../app/lib/security/rate-limit.server";
import { joinWaitlist } from "../../app/lib/waitlist/join/create-members.server";
import { adminActor } from "../../app/lib/audit/actor";
import { createBroadcast } from "../../app/lib/launch/broadcasts/broadcasts.server";
import { signInAs } from "../auth-helpers";
import { resetDatabase } from "../db-reset";
import { ADULT_BIRTH } from "../factories";

const ORIGIN = "http://localhost:3000";
let secret: string;
let memberId: string;
let productId: string;
let broadcastId: number;

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
  secret = (await createApiKey({ name: "Shop", scopes: API_SCOPE_NAMES }, "admin-1")).secret;
  const nova = await joinWaitlist({ email: "captain.nova@example.com" });
  memberId = nova.member.id;
  await joinWaitlist({ email: "pixel.pilot@example.com", referralCode: nova.member.referralCode });
  const [product] = await db.insert(products).values({ name: "Crew T-shirt", description: "Soft", price: 19.5 }).returning({ id: products.id });
  productId = product!.id;
  await db.update(waitlistUsers).set({ confirmedEmail: true }).where(eq(waitlistUsers.id, memberId));
  broadcastId = (await createBroadcast({ subject: "Hi", html: "<p>Hi {{CREW_NAME}}</p>", audience: { kind: "members", memberIds: [memberId] } }, adminActor({ id: "admin-1", email: "boss@example.com" }))).id;
});

function call(method: string, path: string, { key = secret, body, contentType = "application/json", clientIp = "203.0.113.10" }: { key?: string | null; body?: unknown; contentType?: string; clientIp?: string } = {}) {
  const headers = new Headers();
  if (key) headers.set("Authorization", `Bearer ${key}`);
  if (body !== undefined) headers.set("Content-Type", contentType);
  const request = new Request(`${ORIGIN}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
  return handleApiRequest(request, API_ENDPOINTS, { clientIp });
}

async function problemOf(response: Response) {
  expect(response.headers.get("Content-Type")).toBe("application/problem+json");
  return (await response.json()) as { status: number; title: string; detail?: string; errors?: Record<string, string[]> };
}

/** A good request for every documented operation. */
function goodRequests(): Record<string, { path: string; body?: unknown }> {
  return {
    listMembers: { path: "/members?limit=1&confirmed=false" },
    getMember: { path: `/members/${memberId}` },
    createMember: { path: "/members", body: { email: "comet.kid@example.com", ...ADULT_BIRTH } },
    updateMember: { path: `/members/${memberId}`, body: { tags: ["vip"], notes: "Shop customer" } },
    getLeaderboard: { path: "/leaderboard?view=all-time&limit=5" },
    getStanding: { path: `/leaderboard/members/${memberId}` },
    listProducts: { path: "/products" },
    getProduct: { path: `/products/${productId}` },
    createProduct: { path: "/products", body: { name: "Decal pack", price: 4.99 } },
    updateProduct: { path: `/products/${productId}`, body: { price: 21 } },
    deleteProduct: { path: `/products/${productId}` },
    previewWave: { path: "/waves/preview", body: { audience: { kind: "top_all_time", count: 1 } } },
    createWave: { path: "/waves", body: { name: "Early birds", audience: { kind: "top_all_time", count: 1 } } },
    listWaves: { path: "/waves?limit=5" },
    getWave: { path: "/waves/1" },
    listReferrals: { path: `/referrals?referrerId=${memberId}&status=pending` },
    decideReferrals: { path: "/referrals/decisions", body: { referrerId: memberId, decision: "reject", note: "Same family, twice" } },
    getSettings: { path: "/settings" },
    getStats: { path: "/stats" },
    getFunnel: { path: "/stats/funnel?from=2026-01-01&to=2026-01-31" },
    listBroadcasts: { path: "/broadcasts" },
    getBroadcast: { path: `/broadcasts/${broadcastId}` },
    createBroadcast: { path: "/broadcasts", body: { subject: "News for {{CREW_NAME}}", html: "<p>You have {{POINTS}} points.</p>", audience: { kind: "members", memberIds: [memberId] } } },
    pauseBroadcast: { path: `/broadcasts/${broadcastId}/pause` },
    resumeBroadcast: { path: `/broadcasts/${broadcastId}/resume` },
    cancelBroadcast: { path: `/broadcasts/${broadcastId}/cancel` },
  };
}

/** A request each operation must refuse with a documented 4xx. */
function badRequests(): Record<string, { path: string; body?: unknown; status: number }> {
  return {
    listMembers: { path: "/members?limit=1000", status: 400 },
    getMember: { path: "/members/not-a-uuid", status: 400 },
    createMember: { path: "/members", body: { email: "not an address" }, status: 400 },
    updateMember: { path: `/members/${memberId}`, body: { tags: "vip" }, status: 400 },
    getLeaderboard: { path: "/leaderboard?view=weekly", status: 400 },
    getStanding: { path: "/leaderboard/members/00000000-0000-4000-8000-000000000000", status: 404 },
    listProducts: { path: "/products", status: 401 },
    getProduct: { path: "/products/00000000-0000-4000-8000-000000000000", status: 404 },
    createProduct: { path: "/products", body: { name: "Free money", price: -1 }, status: 400 },
    updateProduct: { path: `/products/${productId}`, body: { purchaseLink: "javascript:alert(1)" }, status: 400 },
    deleteProduct: { path: "/products/00000000-0000-4000-8000-000000000000", status: 404 },
    previewWave: { path: "/waves/preview", body: { audience: { kind: "tag", tag: "nobody-has-this" } }, status: 400 },
    createWave: { path: "/waves", body: { audience: { kind: "everyone-ever" } }, status: 400 },
    listWaves: { path: "/waves?limit=1000", status: 400 },
    getWave: { path: "/waves/999", status: 404 },
    listReferrals: { path: "/referrals?status=lost", status: 400 },
    decideReferrals: { path: "/referrals/decisions", body: { referrerId: memberId, decision: "maybe" }, status: 400 },
    getSettings: { path: "/settings", status: 401 },
    getStats: { path: "/stats", status: 401 },
    getFunnel: { path: "/stats/funnel?from=2026-02-01&to=2026-01-01", status: 400 },
    listBroadcasts: { path: "/broadcasts", status: 401 },
    getBroadcast: { path: "/broadcasts/999999", status: 404 },
    createBroadcast: { path: "/broadcasts", body: { subject: "Hi {{FIRST_NAME}}", html: "<p>Hi</p>", audience: { kind: "confirmed" } }, status: 400 },
    pauseBroadcast: { path: "/broadcasts/not-a-number/pause", status: 400 },
    resumeBroadcast: { path: `/broadcasts/${broadcastId}/resume`, status: 409 },
    cancelBroadcast: { path: "/broadcasts/999999/cancel", status: 404 },
  };
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document listing every operation", async () => {
    const response = await call("GET", "/openapi.json", { key: null });
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>> };
    const validation = await new Validator().validate(document as never);
    expect(validation.errors ?? []).toEqual([]);
    expect(validation.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    expect(operations.sort()).toEqual(API_ENDPOINTS.map((endpoint) => endpoint.operationId).sort());
  });
});

describe("broadcasts through the API", () => {
  const body = { subject: "News for {{CREW_NAME}}", html: "<p>You have {{POINTS}} points.</p>" };
  const audience = () => ({ kind: "members", memberIds: [memberId] });

  it("creates a broadcast with its Spanish version (subjectEs and htmlEs), documented in the OpenAPI document", async () => {
    const document = (await (await call("GET", "/openapi.json", { key: null })).json()) as { components: { schemas: Record<string, { properties: Record<string, unknown>; description?: string }> } };
    expect(Object.keys(document.components.schemas.BroadcastBody!.properties)).toEqual(expect.arrayContaining(["subjectEs", "htmlEs"]));
    expect(document.components.schemas.BroadcastBody!.description).toContain("`subjectEs` and `htmlEs` (deprecated");

    const created = await call("POST", "/broadcasts", { body: { ...body, subjectEs: "Noticias para {{CREW_NAME}}", htmlEs: "<p>Tienes {{POINTS}} puntos.</p>", audience: audience() } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const translated = await db.select({ language: broadcastTranslations.language, subject: broadcastTranslations.subject, html: broadcastTranslations.html }).from(broadcastTranslations).where(eq(broadcastTranslations.broadcastId, id));
    expect(translated).toEqual([{ language: "es", subject: "Noticias para {{CREW_NAME}}", html: "<p>Tienes {{POINTS}} puntos.</p>" }]);

    const englishOnly = await call("POST", "/broadcasts", { body: { ...body, audience: audience() } });
    expect(englishOnly.status).toBe(201);
    const plainId = ((await englishOnly.json()) as { id: number }).id;
    expect(await db.select().from(broadcastTranslations).where(eq(broadcastTranslations.broadcastId, plainId))).toEqual([]);
  });

  it("refuses one Spanish field without the other, or one the form would refuse, changing nothing", async () => {
    const before = (await db.select({ id: broadcasts.id }).from(broadcasts)).length;
    const subjectOnly = await call("POST", "/broadcasts", { body: { ...body, subjectEs: "Noticias", audience: audience() } });
    expect(subjectOnly.status).toBe(400);
    expect((await problemOf(subjectOnly)).errors).toEqual({ "body.htmlEs": ["Give both subjectEs and htmlEs (the Spanish version), or neither to send the English to everyone."] });
    const unknownPlaceholder = await call("POST", "/broadcasts", { body: { ...body, subjectEs: "Hola {{NOMBRE}}", htmlEs: "<p>Hola</p>", audience: audience() } });
    expect(unknownPlaceholder.status).toBe(400);
    expect(JSON.stringify((await problemOf(unknownPlaceholder)).errors)).toContain("Unknown placeholder {{NOMBRE}}");
    const blank = await call("POST", "/broadcasts", { body: { ...body, subjectEs: "Noticias", htmlEs: "<p> </p>", audience: audience() } });
    expect(blank.status).toBe(400);
    const twice = await call("POST", "/broadcasts", { body: { ...body, subjectEs: "Noticias", htmlEs: "<p>Hola</p>", translations: { es: { subject: "Noticias", html: "<p>Hola</p>" } }, audience: audience() } });
    expect(twice.status).toBe(400);
    expect((await problemOf(twice)).errors).toEqual({ "body.subjectEs": ["Give the Spanish version once: in translations.es, or (deprecated) as subjectEs and htmlEs."] });
    const unknownLanguage = await call("POST", "/broadcasts", { body: { ...body, translations: { xx: { subject: "Nieuws", html: "<p>Hallo</p>" } }, audience: audience() } });
    expect(unknownLanguage.status).toBe(400);
    const english = await call("POST", "/broadcasts", { body: { ...body, translations: { en: { subject: "News", html: "<p>News</p>" } }, audience: audience() } });
    expect(english.status).toBe(400);
    expect((await db.select({ id: broadcasts.id }).from(broadcasts)).length).toBe(before);
  });

  it("creates a broadcast with its translations keyed by language, documented in the OpenAPI document", async () => {
    const document = (await (await call("GET", "/openapi.json", { key: null })).json()) as { components: { schemas: Record<string, { properties: Record<string, { deprecated?: boolean }>; description?: string }> } };
    const properties = document.components.schemas.BroadcastBody!.properties;
    expect(Object.keys(properties)).toContain("translations");
    expect([properties.subjectEs?.deprecated, properties.htmlEs?.deprecated]).toEqual([true, true]);
    const created = await call("POST", "/broadcasts", { body: { ...body, translations: { es: { subject: "Noticias para {{CREW_NAME}}", html: "<p>Hola</p>" } }, audience: audience() } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const translated = await db.select({ language: broadcastTranslations.language, subject: broadcastTranslations.subject }).from(broadcastTranslations).where(eq(broadcastTranslations.broadcastId, id));
    expect(translated).toEqual([{ language: "es", subject: "Noticias para {{CREW_NAME}}" }]);
  });
});

describe("a join through the API", () => {
  const join = (email: string, visitor: { clientIp?: string; userAgent?: string } = {}) => call("POST", "/members", { body: { email, ...ADULT_BIRTH, ...visitor } });

  it("runs the form's per-network limit and fair-play signals on the visitor's address, audited under the key's name", async () => {
    const visitor = { clientIp: "203.0.113.50", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)" };
    const first = await join("api.first@example.com", visitor);
    expect(first.status).toBe(201);
    for (let index = 1; index < 60; index++) expect((await join(`api.family${index}@example.com`, visitor)).status).toBe(201);
    const limited = await join("api.sixty-first@example.com", visitor);
    expect(limited.status).toBe(429);
    expect((await problemOf(limited)).detail).toMatch(/^Too many signups from your network\./);
    expect((await join("api.elsewhere@example.com", { clientIp: "198.51.100.9" })).status).toBe(201);
    expect((await join("api.no-visitor@example.com")).status).toBe(201);

    const joined = await db.select().from(auditEvents).where(eq(auditEvents.action, "member.joined"));
    expect(joined).toHaveLength(62);
    expect(joined.every((event) => event.actorKind === "api_key" && event.actorName.startsWith("Shop (lc_"))).toBe(true);
    const [member] = await db.select({ network: waitlistUsers.signupNetwork, device: waitlistUsers.signupDevice }).from(waitlistUsers).where(eq(waitlistUsers.email, "api.first@example.com"));
    expect(member).toEqual({ network: "203.0.113.0/24", device: "mobile" });
  });

  it("refuses a visitor address that is not an IP address, changing nothing", async () => {
    const answer = await join("api.bad@example.com", { clientIp: "not-an-ip" });
    expect(answer.status).toBe(400);
    expect(await db.select().from(waitlistUsers).where(eq(waitlistUsers.email, "api.bad@example.com"))).toEqual([]);
  });
});

describe("every documented operation", () => {
  it("answers a good request with its documented status and shape, writes recorded with the key", async () => {
    // The friend's referral waits for review, for decideReferrals.
    await db.update(referrals).set({ status: "held", reasons: ["burst"] }).where(eq(referrals.referrerId, memberId));
    const document = (await (await call("GET", "/openapi.json", { key: null })).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    for (const endpoint of API_ENDPOINTS) {
      const good = goodRequests()[endpoint.operationId];
      expect(good, `a good request for ${endpoint.operationId}`).toBeDefined();
      const response = await call(endpoint.method.toUpperCase(), good!.path, { body: good!.body });
      const json = await response.json();
      expect(response.status, `${endpoint.operationId}: ${JSON.stringify(json)}`).toBe(endpoint.status ?? 200);
      expect(Object.keys(document.paths[endpoint.path]![endpoint.method]!.responses)).toContain(String(response.status));
      expect(() => endpoint.response.parse(json), endpoint.operationId).not.toThrow();
      expect(response.headers.get("RateLimit-Limit")).toBe(String(API_RATE_LIMIT.limit));
    }
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.actorKind, "api_key"));
    expect(audit.map((event) => [event.action, event.actorName.startsWith("Shop (lc_")]).sort()).toEqual([
      ["broadcast.cancelled", true],
      ["broadcast.created", true],
      ["broadcast.paused", true],
      ["broadcast.resumed", true],
      ["member.joined", true],
      ["member.notes_changed", true],
      ["member.tags_changed", true],
      ["product.created", true],
      ["product.deleted", true],
      ["product.updated", true],
      ["referrals.rejected", true],
      ["wave.invited", true],
    ]);
  });

  it("answers a bad request with a documented problem, changing nothing", async () => {
    const document = (await (await call("GET", "/openapi.json", { key: null })).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    for (const endpoint of API_ENDPOINTS) {
      const bad = badRequests()[endpoint.operationId]!;
      const response = await call(endpoint.method.toUpperCase(), bad.path, { body: bad.body, key: bad.status === 401 ? null : secret });
      expect(response.status, endpoint.operationId).toBe(bad.status);
      expect(Object.keys(document.paths[endpoint.path]![endpoint.method]!.responses)).toContain(String(bad.status));
      const problem = await problemOf(response);
      expect(problem.status).toBe(bad.status);
    }
    const stats = await (await call("GET", "/stats")).json();
    expect(stats).toMatchObject({ members: 2, referredMembers: 1 });
  });
});

describe("stats through the API", () => {
  it("gives the funnel of the last 30 days by default: today's two joins, one of them referred", async () => {
    const funnel = (await (await call("GET", "/stats/funnel")).json()) as { totals: { joins: number; referredJoins: number }; steps: { label: string; count: number }[] };
    expect(funnel.totals).toMatchObject({ joins: 2, referredJoins: 1 });
    expect(funnel.steps.map((step) => step.label)).toContain("Referred joins");
  });
});

describe("keys", () => {
  it("refuses a missing, malformed, wrong or revoked key, and a key without the scope", async () => {
    expect((await call("GET", "/members", { key: null })).status).toBe(401);
    expect((await call("GET", "/members", { key: "lc_nope" })).status).toBe(401);
    expect((await call("GET", "/members", { key: `${secret.slice(0, -2)}xx` })).status).toBe(401);
    const readOnly = await createApiKey({ name: "Mailing tool", scopes: ["members:read"] as ApiScope[] }, "admin-1");
    expect((await call("GET", "/members", { key: readOnly.secret })).status).toBe(200);
    const refused = await call("POST", "/members", { key: readOnly.secret, body: { email: "new@example.com", ...ADULT_BIRTH } });
    expect(refused.status).toBe(403);
    expect((await problemOf(refused)).detail).toBe("This key lacks the members:write scope.");
    await revokeApiKey(readOnly.key.id, "admin-1");
    expect((await call("GET", "/members", { key: readOnly.secret })).status).toBe(401);
  });

  it("answers every operation by the key alone: none 401, a signed-in session without a key 401, a key without its scope 403, with only its scope allowed", async () => {
    const ownerCookie = await signInAs("admin@example.com");
    for (const [index, endpoint] of API_ENDPOINTS.entries()) {
      const good = goodRequests()[endpoint.operationId]!;
      const method = endpoint.method.toUpperCase();
      const clientIp = `198.51.100.${index + 1}`; // each operation's failures from its own address, under the failure limit
      expect((await call(method, good.path, { key: null, body: good.body, clientIp })).status, `${endpoint.operationId} without a key`).toBe(401);
      const withSession = new Request(`${ORIGIN}/api/v1${good.path}`, { method, headers: { Cookie: ownerCookie, "Content-Type": "application/json" }, body: good.body === undefined ? undefined : JSON.stringify(good.body) });
      expect((await handleApiRequest(withSession, API_ENDPOINTS, { clientIp })).status, `${endpoint.operationId} with a session cookie`).toBe(401);
      const others = API_SCOPE_NAMES.filter((scope) => scope !== endpoint.scope);
      const without = await createApiKey({ name: `Without ${endpoint.scope}`, scopes: others }, "admin-1");
      expect((await call(method, good.path, { key: without.secret, body: good.body })).status, `${endpoint.operationId} without ${endpoint.scope}`).toBe(403);
      const only = await createApiKey({ name: `Only ${endpoint.scope}`, scopes: [endpoint.scope] }, "admin-1");
      expect([401, 403], `${endpoint.operationId} with ${endpoint.scope}`).not.toContain((await call(method, good.path, { key: only.secret, body: good.body })).status);
      // Two keys per operation would pass the cap on active keys (MAX_ACTIVE_KEYS).
      await revokeApiKey(without.key.id, "admin-1");
      await revokeApiKey(only.key.id, "admin-1");
    }
  });

  it("answers an expired key 401 like a revoked one, and lists when each key expires", async () => {
    const monthly = await createApiKey({ name: "Monthly report", scopes: ["members:read"] as ApiScope[], expiresInDays: 30 }, "admin-1");
    expect(monthly.key.expiresAt!.getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    expect(monthly.key.expiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(30 * 24 * 3600 * 1000);
    expect((await call("GET", "/members", { key: monthly.secret })).status).toBe(200);
    const revoked = await createApiKey({ name: "Old shop", scopes: ["members:read"] as ApiScope[] }, "admin-1");
    await revokeApiKey(revoked.key.id, "admin-1");
    const revokedAnswer = await call("GET", "/members", { key: revoked.secret });

    await db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, monthly.key.id));
    const expired = await call("GET", "/members", { key: monthly.secret });
    expect(expired.status).toBe(401);
    expect(expired.headers.get("WWW-Authenticate")).toBe('Bearer realm="api"');
    expect(await problemOf(expired)).toEqual(await problemOf(revokedAnswer));

    const listed = await listApiKeys();
    expect(listed.find((key) => key.name === "Monthly report")?.expiresAt).toBeInstanceOf(Date);
    expect(listed.find((key) => key.name === "Shop")?.expiresAt).toBeNull(); // never expires
  });

  it("limits failed keys per client network: 429 with Retry-After after 20, logged with the key's prefix only", async () => {
    const warnings = vi.spyOn(log, "warn");
    const wrong = `${secret.slice(0, -2)}xx`;
    const prefix = wrong.slice(0, 13);
    for (let attempt = 1; attempt <= API_AUTH_FAILURE_LIMIT.limit; attempt++) {
      expect((await call("GET", "/members", { key: attempt % 2 ? wrong : "lc_nope", clientIp: "2001:db8:5:1::7" })).status, `failure ${attempt}`).toBe(401);
    }
    const limited = await call("GET", "/members", { key: wrong, clientIp: "2001:db8:5:1::8" }); // the same /64
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(API_AUTH_FAILURE_LIMIT.windowSeconds);
    expect((await problemOf(limited)).detail).toMatch(/^Too many requests without a valid API key from your network; try again in \d+ seconds\.$/);
    // Another network still gets the plain 401, and the right key from the limited network still works.
    expect((await call("GET", "/members", { key: wrong, clientIp: "203.0.113.99" })).status).toBe(401);
    expect((await call("GET", "/members", { clientIp: "2001:db8:5:1::7" })).status).toBe(200);

    const refusals = warnings.mock.calls.filter(([message]) => message === "api key refused");
    expect(refusals).toHaveLength(API_AUTH_FAILURE_LIMIT.limit + 2);
    expect(refusals[0]?.[1]).toMatchObject({ reason: "wrong-secret", apiKey: prefix, limited: false });
    expect(refusals[1]?.[1]).toMatchObject({ reason: "malformed", apiKey: null });
    expect(refusals[API_AUTH_FAILURE_LIMIT.limit]?.[1]).toMatchObject({ reason: "wrong-secret", apiKey: prefix, limited: true });
    const logged = JSON.stringify(refusals);
    expect(logged).not.toContain(secret.slice(14));
    expect(logged).not.toContain(wrong.slice(14));
    warnings.mockRestore();
  });

  it("limits each key, saying how many requests are left and when to retry", async () => {
    const first = await call("GET", "/settings");
    expect(first.headers.get("RateLimit-Remaining")).toBe(String(API_RATE_LIMIT.limit - 1));
    const [key] = await db.select({ id: apiKeys.id }).from(apiKeys);
    for (let hit = 1; hit < API_RATE_LIMIT.limit; hit++) await consumeRateLimit(`api:key:${key!.id}`, API_RATE_LIMIT);
    const limited = await call("GET", "/settings");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited.headers.get("RateLimit-Remaining")).toBe("0");
  });
});

describe("members through the API", () => {
  it("pages members by cursor, newest first, without repeats", async () => {
    for (const name of ["a", "b", "c"]) await joinWaitlist({ email: `${name}.kid@example.com` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await call("GET", `/members?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      const page = (await response.json()) as { data: { email: string }[]; nextCursor: string | null };
      seen.push(...page.data.map((member) => member.email));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(seen[0]).toBe("c.kid@example.com");
    expect((await call("GET", "/members?cursor=garbage")).status).toBe(400);
  });

  it("pages members who joined within one millisecond without skipping any (the cursor keeps microseconds)", async () => {
    for (const name of ["d", "e", "f"]) await joinWaitlist({ email: `${name}.kid@example.com` });
    const all = await db.select({ id: waitlistUsers.id }).from(waitlistUsers);
    for (const [index, { id }] of all.entries()) {
      await db.execute(sql`update waitlist_users set created_at = '2026-01-01T00:00:00.123000Z'::timestamptz + make_interval(secs => ${index * 0.0001}) where id = ${id}`);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await call("GET", `/members?limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      const page = (await response.json()) as { data: { email: string }[]; nextCursor: string | null };
      seen.push(...page.data.map((member) => member.email));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(all.length);
  });

  it("joins with the site's rules: the referral is pending until the friend confirms, a second join changes nothing", async () => {
    const referrer = (await (await call("GET", `/members/${memberId}`)).json()) as { referralCode: string };
    const created = await call("POST", "/members", { body: { email: "orbit.otter@example.com", referralCode: referrer.referralCode, ...ADULT_BIRTH } });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ isNewMember: true, referral: "pending", member: { points: 10 } });
    const again = await call("POST", "/members", { body: { email: "Orbit.Otter+again@example.com", ...ADULT_BIRTH } });
    expect(await again.json()).toMatchObject({ isNewMember: false, referral: null });
    const throwaway = await call("POST", "/members", { body: { email: "kid@mailinator.com", ...ADULT_BIRTH } });
    expect(throwaway.status).toBe(400);
    expect((await call("POST", "/members", { body: "{not json" })).status).toBe(400);
    expect((await call("POST", "/members", { body: "email=x", contentType: "application/x-www-form-urlencoded" })).status).toBe(415);
  });

  it("asks the age question too: without it 400, under the consent age 403, and nothing is stored either way", async () => {
    const before = await db.select().from(waitlistUsers);
    expect((await call("POST", "/members", { body: { email: "no.age@example.com" } })).status).toBe(400);
    expect((await call("POST", "/members", { body: { email: "bad.age@example.com", birthMonth: 13, birthYear: 2001 } })).status).toBe(400);
    const child = await call("POST", "/members", { body: { email: "zorblax.api2016@example.com", birthMonth: 5, birthYear: new Date().getUTCFullYear() - 10 } });
    expect(child.status).toBe(403);
    expect(((await child.json()) as { detail: string }).detail).toMatch(/consent age/);
    expect(await db.select().from(waitlistUsers)).toHaveLength(before.length);
    expect(JSON.stringify(await db.select().from(emailOutbox))).not.toContain("zorblax");
  });

  it("records a change in the member's audit trail with the key", async () => {
    await call("PATCH", `/members/${memberId}`, { body: { isBlocked: true } });
    const [entry] = await db.select().from(memberAuditLog).where(eq(memberAuditLog.memberId, memberId));
    expect(entry).toMatchObject({ action: "blocked", adminUserId: null });
    expect(entry?.apiKeyId).toBeTruthy();
    const standing = await call("GET", `/leaderboard/members/${memberId}`);
    expect(standing.status).toBe(404);
  });
});

describe("a write key without members:read (issue 37)", () => {
  it("reads nothing of a member through a write: a join answers the id, a change answers what it wrote; a key with members:read still gets the member", async () => {
    await db.update(waitlistUsers).set({ notes: "Private note about the family", tags: ["sibling-of-pixel"] }).where(eq(waitlistUsers.id, memberId));
    const writeOnly = (await createApiKey({ name: "Join widget", scopes: ["members:write"] as ApiScope[] }, "admin-1")).secret;

    // Posting a member's address (an existing member): only the id, nothing of their record.
    const joined = await call("POST", "/members", { key: writeOnly, body: { email: "captain.nova@example.com", ...ADULT_BIRTH } });
    const joinedBody = (await joined.json()) as { member: Record<string, unknown>; isNewMember: boolean };
    expect(joinedBody.member).toEqual({ id: memberId });
    expect(joinedBody.isNewMember).toBe(false);
    expect(JSON.stringify(joinedBody)).not.toMatch(/Private note|sibling-of-pixel|captain\.nova/);
    const created = (await (await call("POST", "/members", { key: writeOnly, body: { email: "fresh.kid@example.com", ...ADULT_BIRTH } })).json()) as { member: Record<string, unknown>; isNewMember: boolean };
    expect(Object.keys(created.member)).toEqual(["id"]);
    expect(created.isNewMember).toBe(true);

    // A change: the id and what it wrote, as stored; the member's other fields stay unread.
    const changed = await call("PATCH", `/members/${memberId}`, { key: writeOnly, body: { isBlocked: true } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ id: memberId, isBlocked: true });
    const tagged = (await (await call("PATCH", `/members/${memberId}`, { key: writeOnly, body: { tags: [" vip "] } })).json()) as Record<string, unknown>;
    expect(Object.keys(tagged).sort()).toEqual(["id", "tags"]);
    // The write happened.
    const [stored] = await db.select({ isBlocked: waitlistUsers.isBlocked, notes: waitlistUsers.notes }).from(waitlistUsers).where(eq(waitlistUsers.id, memberId));
    expect(stored).toEqual({ isBlocked: true, notes: "Private note about the family" });

    // The all-scopes key reads the whole member back, as before.
    const full = (await (await call("PATCH", `/members/${memberId}`, { body: { isBlocked: false } })).json()) as Record<string, unknown>;
    expect(full).toMatchObject({ id: memberId, email: "captain.nova@example.com", notes: "Private note about the family", isBlocked: false });
    const fullJoin = (await (await call("POST", "/members", { body: { email: "captain.nova@example.com", ...ADULT_BIRTH } })).json()) as { member: Record<string, unknown> };
    expect(fullJoin.member).toMatchObject({ id: memberId, email: "captain.nova@example.com", notes: "Private note about the family" });
  });
});
