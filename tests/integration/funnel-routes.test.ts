import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { waitlistUsers } from "../../db/schema";
import { signInAs, requestWithCookie } from "../auth-helpers";
import { solveBotChallenge } from "../bot-challenge";
import { resetDatabase } from "../db-reset";
import { db } from "~/kernel/db.server";
import { getEnv } from "~/kernel/env.server";
import { SHARE_LIMIT_PER_NETWORK } from "~/lib/funnel/funnel-counts.server";
import { SHARE_LINK_BROKEN_MESSAGE } from "~/lib/funnel/share-click.schema";
import { siteDayOf } from "~/lib/funnel/site-day";
import { createBotChallenge } from "~/lib/security/bot-challenge.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { RANGE_LENGTH_MESSAGE, RANGE_ORDER_MESSAGE } from "~/lib/reports/funnel-range.schema";
import { loader as rootLoader } from "~/root";
import { loader as indexLoader } from "~/routes/_index";
import { loader as reportsLoader } from "~/routes/admin/reports-analytics";
import { loader as funnelCsvLoader } from "~/routes/api/funnel-csv";
import { action as joinAction } from "~/routes/join-waitlist";
import { action as shareAction, loader as shareLoader } from "~/routes/share";
import { ADULT_BIRTH } from "../factories";

const ORIGIN = "http://localhost:3000";
const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const context = (clientIp = "198.51.100.7") => ({ cspNonce: "", requestId: "test", clientIp });
type Handler = (args: { request: Request; params: Record<string, string>; context: ReturnType<typeof context> }) => Promise<unknown>;
const call = (handler: unknown, request: Request, params: Record<string, string> = {}, clientIp?: string) =>
  (handler as Handler)({ request, params, context: context(clientIp) });

/** What a handler answered: a Response (returned or thrown), or data() with its status. */
async function outcome(run: () => Promise<unknown>): Promise<{ status: number; location: string | null; response: Response | null; data: unknown }> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), response: result, data: null };
  const init = (result as { init?: { status?: number } | null } | null)?.init;
  return { status: init?.status ?? 200, location: null, response: null, data: (result as { data?: unknown } | null)?.data ?? result };
}

function cookiesFrom(response: Response | null, jar: Map<string, string>) {
  for (const line of response?.headers.getSetCookie() ?? []) {
    const [pair = ""] = line.split(";");
    const [name = "", value = ""] = pair.split("=");
    if (/max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** A browser opening `path` on the landing page: root and index loaders, following the root's redirect once. */
async function land(path: string, jar = new Map<string, string>(), headers: Record<string, string> = {}) {
  for (let hop = 0; hop < 2; hop += 1) {
    const request = new Request(`${ORIGIN}${path}`, {
      headers: { "User-Agent": BROWSER, "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate", Cookie: cookieHeader(jar), ...headers },
    });
    const [root] = await Promise.all([outcome(() => call(rootLoader, request)), call(indexLoader, request)]);
    cookiesFrom(root.response, jar);
    if (!root.location) return jar;
    path = root.location;
  }
  throw new Error(`${path} redirected twice`);
}

async function join(email: string, jar: Map<string, string>) {
  const altcha = await solveBotChallenge(await createBotChallenge());
  const request = new Request(`${ORIGIN}/join-waitlist`, {
    method: "POST",
    headers: { Cookie: cookieHeader(jar), "User-Agent": BROWSER },
    body: new URLSearchParams({ email, altcha, ...ADULT_BIRTH }),
  });
  expect((await outcome(() => call(joinAction, request, {}, "203.0.113.99"))).status).toBe(302);
  const [member] = await db.select().from(waitlistUsers).where(eq(waitlistUsers.email, email));
  return member!;
}

async function counters() {
  const { rows } = await db.execute<{ metric: string; channel: string; count: number }>(
    sql`select metric, channel, sum(count)::integer as count from funnel_daily_counts group by metric, channel order by metric, channel`,
  );
  return rows;
}

describe("landing visits", () => {
  beforeEach(resetDatabase);

  it("count a referral link with via=x once, as a visit with ref through X, and the friend's join remembers X", async () => {
    const host = await joinWaitlist({ email: "host@example.com" });
    const jar = await land(`/?ref=${host.member.referralCode}&via=x`);
    expect(await counters()).toEqual([{ metric: "visit_ref", channel: "x", count: 1 }]);

    const friend = await join("friend@example.com", jar);
    expect({ referredBy: friend.referredByUserId, via: friend.signupVia }).toEqual({ referredBy: host.member.id, via: "x" });
  });

  it("ignore a hostile or unknown via: the visit counts without a channel and nothing of it is stored", async () => {
    const host = await joinWaitlist({ email: "host@example.com" });
    const jar = await land(`/?ref=${host.member.referralCode}&via=%3Cscript%3Ealert(1)%3C%2Fscript%3E`);
    await land("/?via=javascript:alert(1)");
    await land(`/?via=${"x".repeat(5000)}`);
    await land("/?via=X");
    expect(await counters()).toEqual([
      { metric: "visit", channel: "", count: 3 },
      { metric: "visit_ref", channel: "", count: 1 },
    ]);
    const friend = await join("friend@example.com", jar);
    expect(friend.signupVia).toBeNull();
    expect(friend.referredByUserId).toBe(host.member.id);
  });

  it("keep the channel on the link a network's preview reads (its og:url), and count no visit for the preview", async () => {
    const host = await joinWaitlist({ email: "host@example.com" });
    const preview = new Request(`${ORIGIN}/?ref=${host.member.referralCode}&via=facebook`, { headers: { "User-Agent": "facebookexternalhit/1.1" } });
    const root = (await outcome(() => call(rootLoader, preview))).data as { shareCard: { code: string; via: string | null } };
    expect(root.shareCard).toMatchObject({ code: host.member.referralCode, via: "facebook" });
    await call(indexLoader, preview);
    expect(await counters()).toEqual([]);
  });

  it("do not count data requests of in-app navigation, prefetches or bots", async () => {
    await land("/", new Map(), { "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors" });
    await land("/", new Map(), { "Sec-Purpose": "prefetch" });
    await land("/", new Map(), { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    expect(await counters()).toEqual([]);
    await land("/?via=email");
    expect(await counters()).toEqual([{ metric: "visit", channel: "email", count: 1 }]);
  });
});

describe("share buttons", () => {
  beforeEach(resetDatabase);
  const share = (channel: string, query: string, clientIp?: string) =>
    outcome(() => call(shareLoader, new Request(`${ORIGIN}/share/${channel}?${query}`), { channel }, clientIp));

  it("count a click and send the browser on to the network with the link for that channel", async () => {
    const origin = getEnv().origin;
    const targets: Record<string, string> = {};
    for (const channel of ["facebook", "x", "linkedin", "email"]) {
      const answer = await share(channel, "code=Ada4k2x9q1z");
      expect(answer.status).toBe(303);
      targets[channel] = answer.location!;
    }
    expect(new URL(targets.facebook!).searchParams.get("u")).toBe(`${origin}/?ref=ada4k2x9q1z&via=facebook`);
    expect(new URL(targets.x!).searchParams.get("url")).toBe(`${origin}/?ref=ada4k2x9q1z&via=x`);
    expect(new URL(targets.linkedin!).searchParams.get("url")).toBe(`${origin}/?ref=ada4k2x9q1z&via=linkedin`);
    expect(new URL(targets.email!).searchParams.get("body")).toContain(`${origin}/?ref=ada4k2x9q1z&via=email`);
    expect(await counters()).toEqual(["email", "facebook", "linkedin", "x"].map((channel) => ({ metric: "share", channel, count: 1 })));
  });

  it("never redirect off the fixed share targets, whatever the link says", async () => {
    const allowed = ["https://www.facebook.com", "https://twitter.com", "https://www.linkedin.com"];
    for (const code of ["//evil.example", "abc@evil.example", "https://evil.example", "abc%0D%0ALocation:%20https://evil.example", "", "a".repeat(65), "abc%2F%2Fevil"]) {
      expect((await share("x", `code=${code}`)).status).toBe(400);
    }
    const broken = await share("x", "url=https://evil.example");
    expect([broken.status, await broken.response!.text()]).toEqual([400, SHARE_LINK_BROKEN_MESSAGE]);
    for (const channel of ["evil", "copy", "https:", "..%2F..%2Fevil"]) expect((await share(channel, "code=ada4k2x9q1z")).status).toBe(404);
    for (const channel of ["facebook", "x", "linkedin", "email"]) {
      const { location } = await share(channel, "code=ada4k2x9q1z&u=https://evil.example&url=https://evil.example&redirect=https://evil.example");
      const url = new URL(location!);
      expect(url.protocol === "mailto:" || allowed.includes(url.origin)).toBe(true);
      expect(location).not.toContain("evil");
    }
    expect(await counters()).toEqual(["email", "facebook", "linkedin", "x"].map((channel) => ({ metric: "share", channel, count: 1 })));
  });

  it("count Copy Link by POST, and let the click through when counting is over the limit or fails", async () => {
    const copy = (method = "POST", channel = "copy") =>
      outcome(() => call(shareAction, new Request(`${ORIGIN}/share/${channel}`, { method }), { channel }));
    expect((await copy()).status).toBe(204);
    expect((await copy("POST", "x")).status).toBe(405);
    expect(await counters()).toEqual([{ metric: "share", channel: "copy", count: 1 }]);

    for (let i = 0; i < SHARE_LIMIT_PER_NETWORK.limit + 3; i += 1) expect((await share("linkedin", "code=ada4k2x9q1z", "192.0.2.5")).status).toBe(303);
    expect((await counters()).find((row) => row.channel === "linkedin")?.count).toBe(SHARE_LIMIT_PER_NETWORK.limit);

    await db.execute(sql`alter table funnel_daily_counts rename to funnel_daily_counts_away`);
    try {
      expect((await share("x", "code=ada4k2x9q1z")).status).toBe(303);
      expect((await copy()).status).toBe(204);
    } finally {
      await db.execute(sql`alter table funnel_daily_counts_away rename to funnel_daily_counts`);
    }
  });
});

describe("the funnel on Reports and in the CSV", () => {
  let adminCookie = "";
  let memberCookie = "";
  const today = siteDayOf(new Date(), "America/Los_Angeles");

  beforeAll(async () => {
    await resetDatabase();
    adminCookie = await signInAs("admin@example.com");
    memberCookie = await signInAs("crew.member@example.com");
    const host = await joinWaitlist({ email: "host@example.com" });
    const jar = await land(`/?ref=${host.member.referralCode}&via=linkedin`);
    await land("/");
    await join("friend@example.com", jar);
    await outcome(() => call(shareLoader, new Request(`${ORIGIN}/share/linkedin?code=${host.member.referralCode}`), { channel: "linkedin" }));
  });

  it("shows today's numbers on the screen by default", async () => {
    const answer = await outcome(() => call(reportsLoader, requestWithCookie("/admin/reports-analytics", adminCookie)));
    expect(answer.status).toBe(200);
    const { funnel } = answer.data as { funnel: { range: { to: string }; steps: { label: string; count: number }[]; channels: { channel: string; referredJoins: number }[] } };
    expect(funnel.range.to).toBe(today);
    expect(funnel.steps.map((step) => step.count)).toEqual([2, 2, 0, 1, 1]);
    expect(funnel.channels.find((row) => row.channel === "linkedin")?.referredJoins).toBe(1);
  });

  it("answers a bad range with the reason and 400, never a server error", async () => {
    for (const [query, message] of [["from=2026-03-10&to=2026-03-01", RANGE_ORDER_MESSAGE], ["from=2020-01-01&to=2026-01-01", RANGE_LENGTH_MESSAGE]] as const) {
      const screen = await outcome(() => call(reportsLoader, requestWithCookie(`/admin/reports-analytics?${query}`, adminCookie)));
      expect(screen.status).toBe(400);
      expect(screen.data).toMatchObject({ funnel: null, rangeForm: { error: message } });
      const csv = await outcome(() => call(funnelCsvLoader, requestWithCookie(`/api/funnel.csv?${query}`, adminCookie)));
      expect(csv.status).toBe(400);
      expect(await csv.response!.text()).toBe(message);
    }
  });

  it("downloads the daily series: one row per day of the range, every day present, the right totals", async () => {
    const answer = await outcome(() => call(funnelCsvLoader, requestWithCookie(`/api/funnel.csv?to=${today}`, adminCookie)));
    expect(answer.status).toBe(200);
    expect(answer.response!.headers.get("Content-Disposition")).toMatch(/^attachment; filename="funnel_\d{4}-\d{2}-\d{2}_to_\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await answer.response!.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    const header = lines[0]!.split(",");
    const rows = lines.slice(1).map((line) => line.split(","));
    expect(rows).toHaveLength(30);
    expect(rows.at(-1)![0]).toBe(today);
    const column = (name: string) => rows.reduce((sum, row) => sum + Number(row[header.indexOf(name)]), 0);
    expect(["Visits", "Visits with ref", "Joins", "Share clicks", "Share clicks: LinkedIn", "Referred joins", "Referred confirmations"].map(column)).toEqual([2, 1, 2, 1, 1, 1, 0]);
    expect((await outcome(() => call(funnelCsvLoader, requestWithCookie("/api/funnel.csv", memberCookie)))).status).toBe(403);
    expect((await outcome(() => call(funnelCsvLoader, requestWithCookie("/api/funnel.csv")))).status).toBe(401);
  });
});
