// The hosting provider restarts PostgreSQL while families are signing up: the app keeps
// running, answers again within seconds, and every sign-up it answered is stored.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import { fetchSolvedBotPayload } from "../bot-challenge";
import { decodeEntities, startServer, type TestServer } from "./fixtures";
import { startThrowawayCluster, throwawayClusterUnavailable, type ThrowawayCluster } from "./throwaway-postgres";
import { ADULT_BIRTH } from "../factories";

const unavailable = throwawayClusterUnavailable();
let cluster: ThrowawayCluster | undefined;
let server: TestServer | undefined;

before(async () => {
  if (unavailable) return;
  cluster = await startThrowawayCluster();
  server = await startServer({ env: { DATABASE_URL: cluster.url } });
});

after(async () => {
  await server?.stop();
  cluster?.stop();
});

describe("database restart", () => {
  it("survives a PostgreSQL restart under sign-up load and loses no answered sign-up", { skip: unavailable ?? false }, async () => {
    assert.ok(server && cluster);
    const origin = server.origin;
    const answered: string[] = [];
    const statuses: number[] = [];
    let running = true;
    let sequence = 0;
    const signUpLoop = async () => {
      while (running) {
        const email = `restart.${sequence++}.${Date.now()}@example.com`;
        // Each sign-up solves a bot-guard challenge as the browser would (the challenge
        // needs no database); without one, a network may only sign up five times an hour.
        const altcha = await fetchSolvedBotPayload(origin).catch(() => "");
        const status = await fetch(`${origin}/join-waitlist`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
          body: new URLSearchParams({ email, altcha, ...ADULT_BIRTH }),
          signal: AbortSignal.timeout(20_000),
        }).then((response) => response.status, () => 0);
        statuses.push(status);
        if (status === 302 || status === 303) answered.push(email);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    // Under the per-network sign-up limit (60 per 10 minutes) for the whole test.
    const loops = [signUpLoop(), signUpLoop()];
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Pages asked for while the database is down, then after it is back.
    const pageStatuses: number[] = [];
    const outagePages: string[] = [];
    const restarting = cluster.restart();
    const probeWhileDown = (async () => {
      for (let probe = 0; probe < 5; probe++) {
        const page = await fetch(`${origin}/leaderboard`, { signal: AbortSignal.timeout(8_000) }).then(
          async (response) => ({ status: response.status, text: decodeEntities(await response.text()) }),
          () => ({ status: 0, text: "" }),
        );
        pageStatuses.push(page.status);
        if (page.status === 503) outagePages.push(page.text);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    await restarting;
    await probeWhileDown;
    const restartedAt = Date.now();
    // Back within 10 s: the next page answers 200 without restarting the app.
    let recovered = false;
    while (Date.now() - restartedAt < 10_000) {
      const status = await fetch(`${origin}/leaderboard`, { signal: AbortSignal.timeout(5_000) }).then((response) => response.status, () => 0);
      pageStatuses.push(status);
      if (status === 200) {
        recovered = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    running = false;
    await Promise.all(loops);
    assert.ok(recovered, `the app answered 200 within 10 s of the restart (server output:\n${server.output().slice(-1500)})`);
    // While the database is away a page says so: 503 (with Retry-After), not a crash's 500.
    assert.ok(pageStatuses.every((status) => status === 200 || status === 503), `page statuses: ${pageStatuses.join(",")}`);
    assert.ok(answered.length > 0, `sign-ups were answered (statuses: ${statuses.join(",")})`);
    // A sign-up that meets the outage is told to try again (503), never a crash's 500.
    assert.ok(statuses.every((status) => status < 500 || status === 503), `no crash answers (statuses: ${statuses.join(",")})`);
    assert.ok(pageStatuses.includes(503), `the outage was seen (page statuses: ${pageStatuses.join(",")})`);
    for (const text of outagePages) assert.match(text, /<h1[^>]*>We'll be right back<\/h1>/);

    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const stored = await client.query<{ email: string }>("select email from waitlist_users where email = any($1)", [answered]);
      assert.deepEqual(stored.rows.map((row) => row.email).sort(), [...answered].sort());
    } finally {
      await client.end();
    }
  });
});
