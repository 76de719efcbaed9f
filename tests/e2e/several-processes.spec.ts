// Launch day runs several app processes on one PostgreSQL: two separate servers (A and B),
// each with an empty uploads folder of its own and one S3-compatible bucket between them,
// serve each other's uploads, share settings live, count rate limits together, send each
// e-mail once and run each scheduled job once; a server
// with WEB_CONCURRENCY=2 answers from two workers and replaces one that is killed.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import type { Browser, Page } from "playwright-core";
import { fetchSolvedBotPayload } from "../bot-challenge";
import { closePage, launchBrowser, newPage, poll, requestMagicLink, startServer, waitForHydration, type TestServer } from "./fixtures";
import { createFreshDatabase, freshDatabaseUnavailable, type FreshDatabase } from "./fresh-database";
import fs from "node:fs";
import { magicLinkIn, startSmtpSink, type SmtpSink } from "./smtp-sink";
import { ADULT_BIRTH } from "../factories";
import { startTestS3, type TestS3 } from "../s3-server";

const unavailable = freshDatabaseUnavailable();
const run = Date.now().toString(36);
let database: FreshDatabase | undefined;
let sink: SmtpSink | undefined;
let s3: TestS3 | undefined;
let serverA: TestServer | undefined;
let serverB: TestServer | undefined;
let browser: Browser | undefined;

/** What every process of one deployment shares: database, mail server, object storage, secret, admins. */
function deploymentEnv(): Record<string, string> {
  assert.ok(database && sink && s3);
  return {
    ...s3.env,
    DATABASE_URL: database.url,
    SMTP_URL: sink.url,
    BETTER_AUTH_SECRET: "several-processes-e2e-secret-0123456789",
    // With SMTP_URL set, the shipping-address key is required (32 bytes in base64).
    SHIPPING_ADDRESS_KEY: Buffer.alloc(32, 7).toString("base64"),
    ADMIN_EMAILS: "admin@example.com",
    // The test plays a proxy on loopback and names each request's network in
    // X-Forwarded-For, so each test's limits are its own.
    TRUST_PROXY: "loopback",
  };
}

before(async () => {
  if (unavailable) return;
  database = await createFreshDatabase();
  sink = await startSmtpSink();
  s3 = await startTestS3();
  // One after the other: A migrates the fresh database, B finds it ready.
  serverA = await startServer({ env: deploymentEnv() });
  serverB = await startServer({ env: deploymentEnv() });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await Promise.all([serverA?.stop(), serverB?.stop()]);
  await sink?.stop();
  await s3?.close();
  await database?.drop();
});

type Answer = { status: number; body: string };

/** One request on a connection of its own (so a cluster hands each to the next worker). */
function send(origin: string, path: string, options: { form?: Record<string, string>; forwardedFor?: string } = {}): Promise<Answer> {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  const headers: Record<string, string | number> = {};
  if (body !== undefined) Object.assign(headers, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Origin: origin });
  if (options.forwardedFor) headers["X-Forwarded-For"] = options.forwardedFor;
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${path}`, { method: body === undefined ? "GET" : "POST", agent: false, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

const isJoined = (status: number) => status === 302 || status === 303;

async function signInThroughSmtp(page: Page, origin: string, email: string, redirectTo: string) {
  assert.ok(sink);
  const seen = sink.received.length;
  await page.goto(`${origin}/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await requestMagicLink(page, email);
  const mail = await poll(async () => sink?.received.slice(seen).find((message) => message.to.includes(email)), {
    timeoutMs: 15_000,
    describe: () => `no sign-in e-mail to ${email} reached the SMTP server`,
  });
  const link = magicLinkIn(mail);
  assert.ok(link && link.startsWith(origin), `the sign-in e-mail links to ${origin} (found ${link})`);
  await page.goto(link);
  await page.waitForURL((url) => url.pathname === redirectTo);
}

// Counts the settings events the page's EventSource receives (a string: the page has no tsx helpers).
const COUNT_SETTINGS_EVENTS = `
  window.settingsEvents = 0;
  const PageEventSource = window.EventSource;
  window.EventSource = class extends PageEventSource {
    constructor(...args) {
      super(...args);
      this.addEventListener("settings", () => { window.settingsEvents += 1; });
    }
  };`;

describe("two app processes on one database", { skip: unavailable ?? false }, () => {
  it("serves an image uploaded through A from B at the same address, byte for byte, with the same headers", async () => {
    assert.ok(browser && serverA && serverB);
    const admin = await newPage(browser);
    await signInThroughSmtp(admin, serverA.origin, "admin@example.com", "/admin/products");
    const image = fs.readFileSync(new URL("../../public/icons/icon-192.png", import.meta.url));
    const upload = await admin.request.post(`${serverA.origin}/api/uploads`, {
      headers: { Origin: serverA.origin },
      multipart: { target: "product", file: { name: "crew shirt.png", mimeType: "image/png", buffer: image } },
    });
    assert.equal(upload.status(), 200, await upload.text());
    const { url } = (await upload.json()) as { url: string };
    assert.match(url, /^\/uploads\/product_images\/\d+_crew_shirt\.png$/);
    await closePage(admin);

    const fromA = await fetch(`${serverA.origin}${url}`);
    const fromB = await fetch(`${serverB.origin}${url}`);
    assert.equal(fromB.status, 200);
    assert.ok(Buffer.from(await fromB.arrayBuffer()).equals(image), "B serves the bytes A stored");
    await fromA.arrayBuffer();
    // Every answer carries its own nonce and date; everything else is the same.
    const headersOf = (response: Response) =>
      Object.fromEntries([...response.headers].filter(([name]) => name !== "date" && name !== "x-request-id").map(([name, value]) => [name, value.replace(/'nonce-[^']+'/g, "'nonce'")]));
    assert.deepEqual(headersOf(fromB), headersOf(fromA));
    assert.equal(fromB.headers.get("content-type"), "image/png");
    // Neither server kept the file on its own disk.
    assert.deepEqual([fs.readdirSync(serverA.uploadsDir), fs.readdirSync(serverB.uploadsDir)], [[], []]);
  });

  it("shows a setting saved through A on a page open on B, without a reload", async () => {
    assert.ok(browser && serverA && serverB);
    const visitor = await newPage(browser);
    await visitor.addInitScript({ content: COUNT_SETTINGS_EVENTS });
    await visitor.goto(`${serverB.origin}/leaderboard`);
    await visitor.getByRole("heading", { name: "Leaderboard" }).waitFor();
    // B has subscribed this page's stream (the current settings arrive after LISTEN).
    await visitor.waitForFunction(() => (window as unknown as { settingsEvents: number }).settingsEvents >= 1);
    await visitor.evaluate(() => ((window as unknown as { keepMe: boolean }).keepMe = true));

    const admin = await newPage(browser);
    await signInThroughSmtp(admin, serverA.origin, "admin@example.com", "/admin/settings");
    await waitForHydration(admin);
    const toggle = admin.getByRole("switch", { name: /Leaderboard Visible/ });
    assert.equal(await toggle.getAttribute("aria-checked"), "true");
    await toggle.click();
    await admin.getByRole("button", { name: "Save All Settings" }).click();
    await admin.getByText("Settings Updated!").waitFor();

    await visitor.getByText("Leaderboard Temporarily Hidden").waitFor({ timeout: 5_000 });
    assert.equal(await visitor.evaluate(() => (window as unknown as { keepMe?: boolean }).keepMe), true, "the page was not reloaded");
    assert.equal(new URL(visitor.url()).origin, serverB.origin);
    await closePage(admin);
    await closePage(visitor);
  });

  it("counts rate limits across processes: the limits hold at the same totals as on one process", async () => {
    assert.ok(serverA && serverB);
    const servers = [serverA, serverB];
    // Sign-ups: 60 per network per 10 minutes (SIGNUP_LIMIT_PER_NETWORK), taken in turns by A and B.
    // Each carries a solved bot-guard challenge, as from browsers with JavaScript (without,
    // a network gets five an hour); either server signed it, both accept it, once.
    const network = "198.51.100.60";
    const payloads = await Promise.all(Array.from({ length: 62 }, (_, index) => fetchSolvedBotPayload(servers[(index + 1) % 2]!.origin)));
    const statuses: number[] = [];
    for (let index = 0; index < 61; index++) {
      const server = servers[index % 2]!;
      const form = { email: `limit.${index}.${run}@example.com`, altcha: payloads[index]!, ...ADULT_BIRTH };
      statuses.push((await send(server.origin, "/join-waitlist", { form, forwardedFor: network })).status);
    }
    assert.ok(statuses.slice(0, 60).every(isJoined), `the first 60 sign-ups joined (statuses: ${statuses.join(",")})`);
    assert.equal(statuses[60], 429, "the 61st sign-up, taken by A, is refused");
    const onB = await send(serverB.origin, "/join-waitlist", { form: { email: `limit.b.${run}@example.com`, altcha: payloads[61]!, ...ADULT_BIRTH }, forwardedFor: network });
    assert.equal(onB.status, 429, "B refuses the same network too");

    // Sign-in links: 5 per address per 15 minutes (SIGN_IN_LIMITS.perEmail), from five networks.
    const email = `sign-in-limit.${run}@example.com`;
    const signIns: number[] = [];
    for (let index = 0; index < 6; index++) {
      const server = servers[index % 2]!;
      signIns.push((await send(server.origin, "/login", { form: { email }, forwardedFor: `198.51.100.${70 + index}` })).status);
    }
    assert.deepEqual(signIns, [200, 200, 200, 200, 200, 429]);
  });

  it("sends each e-mail once while both processes work the outbox", async () => {
    assert.ok(serverA && serverB && sink && database);
    const servers = [serverA, serverB];
    const joiners = Array.from({ length: 12 }, (_, index) => `once.join.${index}.${run}@example.com`);
    const signIns = Array.from({ length: 8 }, (_, index) => `once.sign-in.${index}.${run}@example.com`);
    const answers = await Promise.all([
      ...joiners.map((email, index) => send(servers[index % 2]!.origin, "/join-waitlist", { form: { email, ...ADULT_BIRTH }, forwardedFor: `198.51.100.${100 + index}` })),
      ...signIns.map((email, index) => send(servers[index % 2]!.origin, "/login", { form: { email }, forwardedFor: `198.51.100.${150 + index}` })),
    ]);
    assert.ok(answers.slice(0, joiners.length).every((answer) => isJoined(answer.status)), `sign-ups: ${answers.map((a) => a.status).join(",")}`);
    assert.ok(answers.slice(joiners.length).every((answer) => answer.status === 200), `sign-in requests: ${answers.map((a) => a.status).join(",")}`);

    const addresses = [...joiners, ...signIns];
    // Sent means handed to the SMTP server: once all are, every delivery has happened.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await poll(
        async () => {
          const result = await client.query<{ sent: number }>("select count(*)::int as sent from email_outbox where to_address = any($1) and status = 'sent'", [addresses]);
          return result.rows[0]?.sent === addresses.length ? true : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 200, describe: () => `not every one of ${addresses.length} e-mails was sent` },
      );
    } finally {
      await client.end();
    }
    const received = sink.received.filter((mail) => mail.to.some((to) => addresses.includes(to)));
    assert.deepEqual(received.map((mail) => mail.to.join(",")).sort(), [...addresses].sort(), "one message to each address");
    assert.equal(new Set(received.map((mail) => mail.messageId)).size, addresses.length, "no outbox row was delivered twice");
  });

  it("freezes a finished season once, though both servers look for one every minute", async () => {
    assert.ok(serverA && serverB && database);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // A month long past, with points and no frozen season: due at either server's next check.
      await client.query(
        `insert into season_points (season, member_id, points, referrals, member_joined_at)
         select '2021-03-01', id, 30, 1, created_at from waitlist_users order by created_at limit 3`,
      );
      const frozen = await poll(
        async () => {
          const events = await client.query<{ count: number }>("select count(*)::int as count from audit_events where action = 'season.frozen' and target_id = '2021-03'");
          return events.rows[0]!.count > 0 ? events.rows[0]!.count : undefined;
        },
        // Each server checks every minute from its own start.
        { timeoutMs: 75_000, intervalMs: 500, describe: () => "no server froze the season within 75 s" },
      );
      const seasons = await client.query<{ count: number }>("select count(*)::int as count from seasons where season = '2021-03-01'");
      assert.deepEqual({ events: frozen, seasons: seasons.rows[0]!.count }, { events: 1, seasons: 1 });
    } finally {
      await client.end();
    }
    const loggedBy = [serverA, serverB].flatMap((server) => pidsLogging(server.output(), "froze finished seasons"));
    assert.equal(loggedBy.length, 1, "one server says it froze the season");
  });
});

/** The pids of the JSON log lines saying `message`. */
function pidsLogging(output: string, message: string): number[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes(`"message":"${message}"`))
    .map((line) => (JSON.parse(line) as { pid?: number }).pid ?? 0);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("WEB_CONCURRENCY=2", { skip: unavailable ?? false }, () => {
  let server: TestServer | undefined;
  let signIns = 0;

  before(async () => {
    if (unavailable) return;
    server = await startServer({ env: { ...deploymentEnv(), WEB_CONCURRENCY: "2" } });
  });

  after(async () => {
    await server?.stop();
  });

  /** A sign-in link request on a connection of its own: each worker logs the ones it answers. */
  async function requestSignIn(origin: string): Promise<number> {
    const index = signIns++;
    const answer = await send(origin, "/login", { form: { email: `cluster.${index}.${run}@example.com` }, forwardedFor: `10.9.${index >> 8}.${index & 255}` });
    return answer.status;
  }

  it("answers from two worker processes, and /metrics adds up both", async () => {
    assert.ok(server);
    const output = server.output();
    assert.equal(output.match(/listening on/gi)?.length, 1, `"listening on" is said once:\n${output}`);
    const workers = [...output.matchAll(/^Worker (\d+) started$/gm)].map((match) => Number(match[1]));
    assert.equal(workers.length, 2, `two workers started:\n${output}`);

    const statuses: number[] = [];
    for (let index = 0; index < 8; index++) statuses.push(await requestSignIn(server.origin));
    assert.deepEqual(statuses, Array(8).fill(200));
    const answeredBy = await poll(
      async () => {
        const pids = pidsLogging(server!.output(), "magic link requested");
        return pids.length === 8 ? pids : undefined;
      },
      { timeoutMs: 5_000, describe: () => `eight sign-in requests logged:\n${server!.output().slice(-3000)}` },
    );
    assert.deepEqual([...new Set(answeredBy)].sort(), [...workers].sort(), `answered by both workers (pids ${answeredBy.join(",")})`);

    // Whichever worker takes the scrape, it reports both workers' requests.
    for (let scrape = 0; scrape < 3; scrape++) {
      const metrics = await send(server.origin, "/metrics");
      assert.equal(metrics.status, 200);
      const line = metrics.body.split("\n").find((text) => /^launchcrew_http_request_duration_seconds_count\{/.test(text) && text.includes('route="/login"') && text.includes('method="POST"') && text.includes('status="2xx"'));
      assert.equal(line?.split(" ").at(-1), "8", `scrape ${scrape + 1}: ${line}`);
    }
  });

  it("keeps answering when a worker is killed, starts a replacement, and stops gracefully", async () => {
    assert.ok(server);
    const workers = [...server.output().matchAll(/^Worker (\d+) started$/gm)].map((match) => Number(match[1]));
    const [victim, survivor] = workers as [number, number];
    process.kill(victim, "SIGKILL");
    await poll(async () => (server!.output().includes(`Worker ${victim} exited (signal SIGKILL)`) ? true : undefined), {
      timeoutMs: 5_000,
      describe: () => `the primary saw worker ${victim} die:\n${server!.output().slice(-2000)}`,
    });
    const meanwhile = await Promise.all(Array.from({ length: 10 }, () => send(server!.origin, "/healthz").then((answer) => answer.status)));
    assert.deepEqual(meanwhile, Array(10).fill(200), "the site answers while one worker is gone");

    const replacement = await poll(
      async () => {
        const output = server!.output();
        const pid = Number(new RegExp(`^Worker (\\d+) started \\(replacing ${victim}\\)$`, "m").exec(output)?.[1] ?? 0);
        return pid && output.includes(`Worker ${pid} listening`) ? pid : undefined;
      },
      { timeoutMs: 30_000, describe: () => `a replacement for worker ${victim} listens:\n${server!.output().slice(-2000)}` },
    );
    // The replacement takes its share of new connections.
    await poll(
      async () => {
        assert.equal(await requestSignIn(server!.origin), 200);
        return pidsLogging(server!.output(), "magic link requested").includes(replacement) ? true : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 50, describe: () => `worker ${replacement} answered a request:\n${server!.output().slice(-2000)}` },
    );
    assert.equal(isRunning(victim), false);

    assert.equal(await server.terminate(), 0, `the primary exits cleanly once its workers have:\n${server.output().slice(-2000)}`);
    assert.match(server.output(), /SIGTERM received, stopping 2 workers/);
    assert.equal(isRunning(survivor) || isRunning(replacement), false, "no worker outlives the primary");
  });
});
