// A script tries to farm the leaderboard: from one address, 8 requests in parallel for
// 15 s (the limits count in 10-minute and hourly windows: a longer run only repeats the
// 429s), it signs "friends" up through its own link with +tag copies of its address,
// throwaway domains and made-up domains, and confirms none of them. Once with the app
// trusting no proxy and the script forging X-Forwarded-For, once behind a trusted proxy
// that appends the script's real address after the forged ones. The referrer's
// honest, confirmed referral still counts; the farm adds nothing.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { latestMailTo, startServer, type TestServer } from "./fixtures";
import { ADULT_BIRTH } from "../factories";

const FARM_SECONDS = 15;
const PARALLEL = 8;
const FARM_ADDRESS = "203.0.113.66";

let direct: TestServer;
let proxied: TestServer;

before(async () => {
  [direct, proxied] = await Promise.all([startServer({ env: { TRUST_PROXY: "" } }), startServer({ env: { TRUST_PROXY: "loopback" } })]);
});

after(async () => {
  await Promise.all([direct?.stop(), proxied?.stop()]);
});

type Visitor = { forwardedFor?: () => string | undefined };

/** One visitor's HTTP session: its own cookie jar, and what a proxy would add for it. */
function visitor(server: TestServer, { forwardedFor }: Visitor = {}) {
  const cookies = new Map<string, string>();
  const send = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const forwarded = forwardedFor?.();
    if (forwarded) headers.set("X-Forwarded-For", forwarded);
    const response = await fetch(`${server.origin}${path}`, { ...init, headers, redirect: "manual", signal: AbortSignal.timeout(15_000) });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const [name = "", ...value] = pair.split("=");
      cookies.set(name.trim(), value.join("="));
    }
    return response;
  };
  const request = async (path: string, init: RequestInit = {}) => {
    const response = await send(path, init);
    await response.arrayBuffer();
    return response.status;
  };
  return {
    request,
    /** The crew name the thank-you page shows this visitor (ADR 0042: the leaderboard names no address). */
    crewName: async () => {
      const html = await (await send("/thank-you")).text();
      const name = html.match(/data-testid="crew-name">([^<]+)</)?.[1];
      if (!name) throw new Error("no crew name on the thank-you page");
      return name;
    },
    arriveThrough: (code: string) => request(`/?ref=${code}`),
    join: (email: string) =>
      request("/join-waitlist", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin },
        body: new URLSearchParams({ email, ...ADULT_BIRTH }),
      }),
  };
}

async function pointsOf(server: TestServer, crewName: string): Promise<number> {
  const html = await fetch(`${server.origin}/leaderboard`).then((response) => response.text());
  const row = html.split('data-testid="leaderboard-row"').find((chunk) => chunk.includes(`>${crewName}<`));
  const points = row?.match(/<span class="block text-lg font-extrabold">(\d+)<\/span>/)?.[1];
  return Number(points ?? Number.NaN);
}

async function referralCodeOf(server: TestServer, email: string): Promise<string> {
  const message = await latestMailTo(server.origin, email, /\/\?ref=/);
  const code = message.links.map((link) => link.match(/[?&]ref=([a-z0-9]+)/)?.[1]).find(Boolean);
  if (!code) throw new Error(`no referral link in the welcome e-mail to ${email}`);
  return code;
}

/** Runs the farm; `honestFriendAt` is where a real friend joins from first (behind a proxy only: direct, every test client is the same loopback network). */
async function runFarm(server: TestServer, forwardedFor: () => string | undefined, honestFriendAt?: string) {
  const farmer = `farmer${Math.random().toString(36).slice(2, 7)}`;
  const honest = `honest${Math.random().toString(36).slice(2, 7)}`;
  const home = visitor(server, { forwardedFor });
  assert.equal(await home.join(`${farmer}@example.com`), 302);
  const code = await referralCodeOf(server, `${farmer}@example.com`);
  const farmerName = await home.crewName();

  if (honestFriendAt) {
    // One real friend, on another network, who confirms.
    const friend = visitor(server, { forwardedFor: () => honestFriendAt });
    await friend.arriveThrough(code);
    assert.equal(await friend.join(`${honest}@example.org`), 302);
    const welcome = await latestMailTo(server.origin, `${honest}@example.org`, /\/confirm-email\?token=/);
    // Opening the link shows a button; its post confirms (issue 37).
    assert.equal(await friend.request(new URL(welcome.link!).pathname + new URL(welcome.link!).search), 200);
    const token = new URL(welcome.link!).searchParams.get("token")!;
    assert.equal(
      await friend.request("/confirm-email", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin }, body: new URLSearchParams({ token }) }),
      200,
    );
  }
  const before = await pointsOf(server, farmerName);
  assert.equal(before, honestFriendAt ? 20 : 10, "the honest, confirmed referral counts");

  const statuses = new Map<number, number>();
  const deadline = Date.now() + FARM_SECONDS * 1000;
  let sequence = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      const n = sequence++;
      const email = [`${farmer}+${n}@example.com`, `kid${n}@mailinator.com`, `kid${n}@farm${n}.example`][n % 3]!;
      const bot = visitor(server, { forwardedFor });
      await bot.arriveThrough(code);
      const status = await bot.join(email).catch(() => 0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const farmed = (await pointsOf(server, farmerName)) - before;
  return { farmed, attempts: sequence, statuses: Object.fromEntries(statuses) };
}

const forged = () => `${10 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;

describe("a referral farm", () => {
  it("earns its referrer nothing, with or without forged proxy headers", async () => {
    const [withoutProxy, behindProxy] = await Promise.all([
      // No trusted proxy: the forged header is ignored, the socket address counts.
      runFarm(direct, forged),
      // A trusted proxy appends the address it saw after whatever the script forged.
      runFarm(proxied, () => `${forged()}, ${FARM_ADDRESS}`, "198.51.100.77"),
    ]);
    console.log(`farm without a trusted proxy: ${JSON.stringify(withoutProxy)}`);
    console.log(`farm behind a trusted proxy: ${JSON.stringify(behindProxy)}`);
    assert.ok(withoutProxy.attempts > 100 && behindProxy.attempts > 100, "the farm really ran");
    assert.ok(withoutProxy.farmed <= 20, `farmed ${withoutProxy.farmed} points without a proxy`);
    assert.ok(behindProxy.farmed <= 20, `farmed ${behindProxy.farmed} points behind a proxy`);
  });
});
