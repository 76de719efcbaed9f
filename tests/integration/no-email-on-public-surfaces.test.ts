import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, pointsLedger, referralCodeAliases, users } from "../../db/schema";
import { signInAs } from "../auth-helpers";
import { loadRouteServer, staticRoutePaths } from "../route-server";
import { resetDatabase } from "../db-reset";
import { createApiKey } from "~/lib/api/api-keys.server";
import { API_SCOPE_NAMES } from "~/lib/api/scopes";
import { db } from "~/kernel/db.server";
import { getMailboxMessage } from "~/lib/email/outbox.server";
import { freezeDueSeasons } from "~/lib/seasons/season-freeze.server";
import { confirmSeasonWinners } from "~/lib/seasons/season-winners.server";
import { getShareCard } from "~/lib/share-cards/share-card.server";
import { saveSiteSettings } from "~/lib/settings/settings.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { rememberDeviceMember } from "~/lib/waitlist/visitor-cookies.server";

// Issue 28 (ADR 0042): no public surface carries anything of a member's e-mail address.
// Members with distinctive local parts (a child's name and birth year, as children's
// addresses often are) join, refer each other, earn points, win a season and change their
// crew name; then every public page, link preview, share card, the embed, the live stream,
// the API and the e-mails to other people are read, and none may hold any of those local
// parts. A member's own pages (dashboard, thank-you) may show their own address, never
// another member's. Pages are rendered by the real route modules through Vite (as in
// valid-html.test.ts), so this walks what a visitor's browser gets.

const ORIGIN = "http://localhost:3000";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const TWITTERBOT = "Twitterbot/1.0";
const SHOP = "https://shop.example.com";
// October 2024 in the site's zone, long past: the season is frozen on demand.
const OCT_31_2359_LA = new Date("2024-11-01T06:59:00Z");
const JUST_AFTER_MIDNIGHT_LA = new Date("2024-11-01T07:00:01Z");

const LOCAL_PARTS = ["zorblax.quintessa2014", "quillon.vexmarra2013", "brimwick.ottaline2015", "yarrowby.fenwick2012"] as const;
const [ZORBLAX, QUILLON, BRIMWICK] = LOCAL_PARTS;
// An old e-mail-made code, still valid as an alias: it carries part of the address too.
const OLD_CODE = "zorbla4k2x9q";

/** The distinctive pieces of each local part: the whole, and each name and year in it. */
function piecesOf(localPart: string): string[] {
  return [localPart, ...localPart.split(/[.\d]+/).filter((piece) => piece.length >= 5)];
}

/** Fails naming the surface and the piece when `text` holds any of these members' local parts. */
function expectNoLocalParts(surface: string, text: string, localParts: readonly string[] = LOCAL_PARTS) {
  const lower = text.toLowerCase();
  const found = localParts.flatMap(piecesOf).filter((piece) => lower.includes(piece));
  expect(found, `${surface} shows ${found.join(", ")}`).toEqual([]);
}

const others = (mine: string) => LOCAL_PARTS.filter((localPart) => localPart !== mine);

describe("no e-mail address on any public surface", () => {
  let server: Awaited<ReturnType<typeof loadRouteServer>> | undefined;
  let handle: (request: Request) => Promise<Response>;
  let routePaths: string[] = [];
  const members: Record<string, { id: string; referralCode: string }> = {};
  let apiKey = "";

  async function get(path: string, { cookie, userAgent = BROWSER, headers = {} }: { cookie?: string; userAgent?: string; headers?: Record<string, string> } = {}) {
    const request = new Request(`${ORIGIN}${path}`, { headers: { "User-Agent": userAgent, Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}), ...headers } });
    return handle(request);
  }

  beforeAll(async () => {
    await resetDatabase();
    await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
    await saveSiteSettings({ referralCreditMode: "join", embedAllowedOrigins: [SHOP] }, null);
    for (const localPart of LOCAL_PARTS) {
      const referrer = localPart === ZORBLAX ? null : members[ZORBLAX]!.referralCode;
      const { member } = await joinWaitlist({ email: `${localPart}@example.com`, referralCode: referrer, isConfirmed: true });
      members[localPart] = member;
    }
    await db.insert(referralCodeAliases).values({ code: OLD_CODE, memberId: members[ZORBLAX]!.id });
    for (const [index, localPart] of LOCAL_PARTS.entries()) {
      await db.insert(pointsLedger).values({ memberId: members[localPart]!.id, delta: 100 - index * 10, reason: "admin_adjustment", createdAt: OCT_31_2359_LA });
    }
    await freezeDueSeasons(JUST_AFTER_MIDNIGHT_LA);
    await confirmSeasonWinners("2024-10-01", "admin-1");
    apiKey = (await createApiKey({ name: "Shop", scopes: API_SCOPE_NAMES }, "admin-1")).secret;

    server = await loadRouteServer({ cspNonce: "leak-test", requestId: "leak-test", clientIp: "198.51.100.7" });
    routePaths = staticRoutePaths(server.build);
    handle = server.handle;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("public pages, link previews and the embed show crew names, never a local part", async () => {
    const zorblax = members[ZORBLAX]!;
    const pages = [
      "/",
      "/leaderboard",
      "/leaderboard?view=all-time",
      "/hall-of-fame",
      "/rewards",
      "/thank-you",
      `/embed/join?ref=${zorblax.referralCode}`,
      `/embed/join?ref=${OLD_CODE}`,
      "/embed.js",
      "/api/embed/config",
      "/sitemap.xml",
    ];
    for (const path of pages) {
      const response = await get(path, { headers: { Origin: SHOP } });
      expect(response.status, path).toBeLessThan(400);
      expectNoLocalParts(path, await response.text());
    }
    // And every other route without parameters, as anyone can open it (a new page is walked
    // without being listed here). /dev/* is the developer's mailbox, never served in
    // production; the live stream never ends and has its own test below.
    const unlisted = routePaths.filter((path) => !pages.includes(path) && !path.startsWith("/dev/") && path !== "/api/events");
    expect(unlisted).toEqual(expect.arrayContaining(["/faq", "/privacy", "/terms", "/login", "/admin"]));
    for (const path of unlisted) {
      const response = await get(path);
      expect(response.status, path).toBeLessThan(500);
      expectNoLocalParts(path, await response.text());
    }
    // The lists really list the members (by crew name).
    const allTime = await (await get("/leaderboard?view=all-time")).text();
    expect(allTime.match(/data-testid="leaderboard-row"/g)).toHaveLength(LOCAL_PARTS.length);
    const hall = await (await get("/hall-of-fame")).text();
    expect(hall).toContain('data-testid="hall-of-fame-winner"');

    // A link preview reads the page with the card's tags; a browser is redirected with the
    // code in a cookie. The old code (an alias) previews as the member's current card.
    for (const code of [zorblax.referralCode, OLD_CODE]) {
      const preview = await get(`/?ref=${code}`, { userAgent: TWITTERBOT });
      expect(preview.status).toBe(200);
      const html = await preview.text();
      expect(html).toContain(`/share-cards/${zorblax.referralCode}/`);
      expect(html).toContain(" invites you to join the ");
      expectNoLocalParts(`the link preview of /?ref=${code}`, html.replaceAll(OLD_CODE, ""));
      const visit = await get(`/?ref=${code}`);
      expect(visit.status).toBe(302);
    }
    for (const localPart of LOCAL_PARTS) {
      const card = await getShareCard(members[localPart]!.referralCode);
      expect(card).not.toBeNull();
      expectNoLocalParts(`the share card of ${localPart}`, JSON.stringify(card));
    }
  }, 120_000);

  it("a member's own pages name other members by crew name", async () => {
    const cookie = await signInAs(`${QUILLON}@example.com`);
    for (const path of ["/dashboard", "/leaderboard", "/leaderboard?view=all-time", "/hall-of-fame"]) {
      const response = await get(path, { cookie });
      expect(response.status, path).toBe(200);
      expectNoLocalParts(`${path} for ${QUILLON}`, await response.text(), others(QUILLON));
    }
    // The referrer's dashboard names the friends who joined through their link.
    const referrerCookie = await signInAs(`${ZORBLAX}@example.com`);
    const dashboard = await (await get("/dashboard", { cookie: referrerCookie })).text();
    expect(dashboard).toContain("joined your crew");
    expectNoLocalParts(`/dashboard for ${ZORBLAX}`, dashboard, others(ZORBLAX));
    const thankYou = await get("/thank-you", { cookie: (await rememberDeviceMember(members[BRIMWICK]!.id)).split(";")[0] });
    expectNoLocalParts(`/thank-you for ${BRIMWICK}`, await thankYou.text(), others(BRIMWICK));
  }, 120_000);

  it("the live stream carries no member", async () => {
    const response = await get("/api/events", { headers: { Accept: "text/event-stream" } });
    const reader = response.body!.getReader();
    let text = "";
    const deadline = Date.now() + 5_000;
    while (!text.includes("data:") && Date.now() < deadline) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 1_000))]);
      if (chunk === null || chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    await reader.cancel();
    expect(text).toContain("data:");
    expectNoLocalParts("/api/events", text);
  }, 30_000);

  it("the API's public names are crew names (addresses only in the key-authenticated member records)", async () => {
    const api = (path: string) => get(`/api/v1${path}`, { headers: { Authorization: `Bearer ${apiKey}`, Accept: "application/json" } });
    for (const path of ["/leaderboard?view=all-time", "/leaderboard?view=month", "/openapi.json"]) {
      const response = await api(path);
      expect(response.status, path).toBe(200);
      expectNoLocalParts(`/api/v1${path}`, await response.text());
    }
    const list = (await (await api("/members?limit=50")).json()) as { data: { email: string; nickname: string; referralCode: string }[] };
    expect(list.data).toHaveLength(LOCAL_PARTS.length);
    for (const member of list.data) {
      expectNoLocalParts(`the API's nickname and code of ${member.email}`, `${member.nickname} ${member.referralCode}`);
    }
    // Without a key, nothing.
    expect((await get("/api/v1/members")).status).toBe(401);
  }, 60_000);

  it("e-mails name nobody but their recipient", async () => {
    const queued = await db.select({ id: emailOutbox.id, to: emailOutbox.toAddress }).from(emailOutbox);
    expect(queued.length).toBeGreaterThan(0);
    for (const { id, to } of queued) {
      const message = await getMailboxMessage(id);
      if (!message) continue;
      const recipient = to.split("@")[0] ?? "";
      expectNoLocalParts(`the ${message.kind} e-mail to ${to}`, `${message.subject}\n${message.html}\n${message.text}`, others(recipient));
    }
  }, 60_000);

  it("uses members that won a season and referred each other (what the surfaces above showed)", async () => {
    const winners = await db.execute<{ count: number }>(sql`select count(*)::integer as count from season_standings where prize is not null`);
    expect(Number(winners.rows[0]?.count)).toBe(LOCAL_PARTS.length);
  });
});
