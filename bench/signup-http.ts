// Launch-spike sign-ups (issue 17), in one run on one PostgreSQL 15 cluster holding
// 1,000,000 members: first pgbench's simple sign-up transaction (insert the member,
// credit the referrer) on a copy of the members table without triggers — what the
// database itself can do here — then the app over HTTP, POST /join-waitlist with a
// friend's referral cookie, at BENCH_CONCURRENCY (default 16) clients, with one worker
// process and then two (WEB_CONCURRENCY). Prints both rates, the ratio and the app's
// p50/p99, and checks that every accepted sign-up is stored with its referrer. In between,
// pgbench also sends the app's own sign-up statements (no HTTP, no Node): the ceiling the
// app's writes leave on this machine, one join per statement and eight per batch (ADR 0038). After each app run it lists where the database's
// time went (pg_stat_statements; throwaway cluster only; BENCH_DRAIN_STATEMENTS=1 lists them
// for the welcome e-mails' drain after each burst too). BENCH_UNIX_SOCKET=1 connects
// pgbench and the app through the cluster's Unix socket instead of TCP.
// Builds nothing: run `npm run build` first, then
//   npx tsx bench/signup-http.ts
// PostgreSQL: a throwaway 15 cluster (as root, with the postgres user; fsync off, so
// writes are cheaper than on a production server), or else a scratch database on the
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) server. BENCH_MEMBERS (default 1,000,000)
// and BENCH_SECONDS (default 15, after a 3 s warm-up) tune it.
//
// Rate limits: a network may sign up 60 times per 10 minutes, and the bench, on one
// address, would meet that at once. So the app trusts a proxy on loopback
// (TRUST_PROXY=loopback), where the load generator is, and every request names a
// different client in X-Forwarded-For, as a proxy in front of many visitors would: the
// limit check still runs (an upsert in the sign-up's statement), it just never refuses. The bench sends
// no bot-guard challenge, like a visitor without JavaScript, so each sign-up also passes
// the no-JavaScript limit (five per network per hour, a second upsert there); solving one per
// sign-up would load the generator, not the app. Fair play runs as configured: friends of
// one referrer arriving in a burst are held for review — still stored, with their referrer.
// Nothing in the app is switched off for the bench.
//
// Each worker count is measured with keep-alive connections and again with a new
// connection per request (BENCH_CONNECTIONS=keep-alive|new|both, default both), and then
// with a flood beside the honest clients: BENCH_FLOOD_CLIENTS (default 16) posting one
// address, each post from the next of 256 networks — the honest p99 must stay within 2×
// of the quiet run's (ADR 0061). BENCH_WORKERS (default "1,2") picks the worker counts;
// BENCH_FSYNC=1 runs the throwaway cluster with fsync on, as a production server;
// BENCH_APP_SQL=0 skips pgbench's runs of the app's own statement.
//
// The app sends its e-mail over SMTP (SMTP_URL) to a counting mail server in the bench's own
// process (bench/smtp-counter.ts): each run prints the welcome e-mails it accepted per second
// during the burst against the sign-ups per second, and the most messages waiting in the
// outbox meanwhile (sampled every 250 ms) and at the burst's end (ADR 0069). The warm-up's
// welcome e-mails are sent before each measured run starts.
//
// The load generator (and pgbench) run on the same machine and take CPU from the workers;
// say how many cores there were when quoting the figures.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import pg from "pg";
import { runOnServer } from "../tests/e2e/fresh-database";
import { databaseUrl, startApp, type App } from "./app-process";
import { ownCpuSeconds, treeCpuSeconds } from "./process-cpu";
import { startThrowawayCluster, throwawayClusterUnavailable, type ThrowawayCluster } from "../tests/e2e/throwaway-postgres";
import { ADULT_BIRTH } from "../tests/factories";
import { smtpServerSecrets } from "../tests/e2e/smtp-sink";
import { startSmtpCounter } from "./smtp-counter";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
/** Referrers whose links the visitors arrive through. */
const REFERRERS = 200;
const PGBENCH = "/usr/lib/postgresql/15/bin/pgbench";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARM_UP_SECONDS = 3;
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? "1,2").split(",").map(Number);
const CONNECTIONS = process.env.BENCH_CONNECTIONS ?? "both";
const CONNECTION_MODES = (CONNECTIONS === "both" ? ["keep-alive", "new"] : [CONNECTIONS]) as ("keep-alive" | "new")[];
const FLOOD_CLIENTS = Number(process.env.BENCH_FLOOD_CLIENTS ?? 16);
const FLOOD_NETWORKS = 256;
const FSYNC = process.env.BENCH_FSYNC === "1";
/** BENCH_UNIX_SOCKET=1: pgbench and the app reach the throwaway cluster through its Unix socket, not TCP. */
const OVER_SOCKET = process.env.BENCH_UNIX_SOCKET === "1";
const UPLOADS_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "launchcrew-bench-uploads-"));

type Figures = { signups: number; failures: number; latenciesMs: number[]; seconds: number; floodStatuses: Record<number, number> };

let nextClient = 0;

/** One sign-up, as if from its own visitor behind the proxy. */
function signUp(agent: http.Agent, origin: string, cookies: string[]): Promise<number> {
  const visitor = nextClient++;
  return post(agent, origin, `bench.${process.pid}.${visitor}@example.com`, cookies[visitor % cookies.length]!, `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`);
}

let nextFloodPost = 0;
/** Each flood run comes from networks of its own: an earlier run's have used up their no-JavaScript limit. */
let floodRun = 0;

/** One post of the flood: the same address every time, from the next of FLOOD_NETWORKS networks. */
function floodPost(agent: http.Agent, origin: string): Promise<number> {
  const network = nextFloodPost++ % FLOOD_NETWORKS;
  return post(agent, origin, "flood.target@example.com", "", `172.${16 + floodRun}.${network & 255}.${9 + (network >> 8)}`);
}

function post(agent: http.Agent, origin: string, email: string, cookie: string, clientIp: string): Promise<number> {
  const body = new URLSearchParams({ email, ...ADULT_BIRTH }).toString();
  return new Promise((resolve) => {
    const request = http.request(
      `${origin}/join-waitlist`,
      {
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          Origin: origin,
          ...(cookie ? { Cookie: cookie } : {}),
          "X-Forwarded-For": clientIp,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", () => resolve(0));
    request.end(body);
  });
}

type DriveOptions = { connections?: "keep-alive" | "new"; flood?: boolean };

/**
 * Keeps CONCURRENCY sign-ups in flight for `seconds`, over keep-alive connections or a new
 * connection per request; with `flood`, FLOOD_CLIENTS more post one address from 256
 * networks meanwhile (their answers are not counted).
 */
async function drive(origin: string, seconds: number, cookies: string[], { connections = "keep-alive", flood = false }: DriveOptions = {}): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: connections === "keep-alive", maxSockets: CONCURRENCY });
  const floodAgent = new http.Agent({ keepAlive: connections === "keep-alive", maxSockets: FLOOD_CLIENTS });
  const figures: Figures = { signups: 0, failures: 0, latenciesMs: [], seconds, floodStatuses: {} };
  const until = performance.now() + seconds * 1000;
  if (flood) floodRun++;
  const flooding = flood
    ? Promise.all(
        Array.from({ length: FLOOD_CLIENTS }, async () => {
          while (performance.now() < until) {
            const status = await floodPost(floodAgent, origin);
            figures.floodStatuses[status] = (figures.floodStatuses[status] ?? 0) + 1;
          }
        }),
      )
    : Promise.resolve([]);
  const loop = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const status = await signUp(agent, origin, cookies);
      if (status === 302 || status === 303) {
        figures.signups++;
        figures.latenciesMs.push(performance.now() - started);
      } else {
        figures.failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  await flooding;
  agent.destroy();
  floodAgent.destroy();
  return figures;
}

function percentile(sorted: number[], q: number): string {
  return (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN).toFixed(1);
}

/** A million members, loaded in bulk with the per-row triggers off and the aggregates built in one pass. */
async function seed(client: pg.Client) {
  const started = performance.now();
  await client.query("alter table waitlist_users disable trigger waitlist_users_track_scores");
  await client.query(
    `insert into waitlist_users (email, email_identity, referral_code, points, referrals_made, created_at, join_date)
     select 'm' || g || '@bench.example', 'm' || g || '@bench.example', 'code' || g, 10 + 5 * (g % 2) + 10 * r, r,
            now() - make_interval(secs => g), now() - make_interval(secs => g)
       from generate_series(1, $1) g,
            lateral (select case when g % 10 < 7 then 0 else floor(power(random(), 4) * 60)::int end as r) x`,
    [MEMBERS],
  );
  await client.query("insert into leaderboard_score_counts select points, referrals_made, count(*) from waitlist_users group by 1, 2");
  await client.query("alter table waitlist_users enable trigger waitlist_users_track_scores");
  await client.query("vacuum analyze");
  console.log(`seeded ${MEMBERS.toLocaleString("en")} members in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * pgbench's simple sign-up: insert a member and credit a random referrer, one
 * transaction, on a copy of the members table (its indexes and constraints, no triggers).
 */
function pgbenchRate(url: string, client: pg.Client): Promise<number> {
  return (async () => {
    await client.query("create table bench_members (like waitlist_users including all)");
    // Generated columns (is_shown_publicly, reaches_partners) compute themselves in the copy too.
    const stored = await client.query<{ name: string }>(
      "select quote_ident(column_name) as name from information_schema.columns where table_name = 'waitlist_users' and table_schema = current_schema() and is_generated = 'NEVER' order by ordinal_position",
    );
    const columns = stored.rows.map((row) => row.name).join(", ");
    await client.query(`insert into bench_members (${columns}) select ${columns} from waitlist_users`);
    await client.query("vacuum analyze bench_members");
    await checkpoint(client);
    const script = path.join(UPLOADS_DIR, "signup.sql");
    fs.writeFileSync(
      script,
      [
        `\\set r random(1, ${MEMBERS})`,
        "BEGIN;",
        "INSERT INTO bench_members (email, email_identity, referral_code, points) VALUES (md5(random()::text) || '@pgbench.example', md5(random()::text) || '@pgbench.example', left(md5(random()::text), 14), 10);",
        "UPDATE bench_members SET points = points + 10, referrals_made = referrals_made + 1 WHERE referral_code = 'code' || :r;",
        "END;",
        "",
      ].join("\n"),
    );
    const output = execFileSync(PGBENCH, ["-n", "-c", String(CONCURRENCY), "-j", "2", "-T", String(SECONDS), "-f", script, url], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    await client.query("drop table bench_members");
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`pgbench printed no rate:\n${output}`);
    return tps;
  })();
}

/**
 * The database's own limit for what the app asks of it: the app's statement
 * (waitlist_join_batch, ADR 0038: the no-JavaScript and network limits, then the join with
 * a friend's code) with `batchSize` joins through different friends' links, sent by
 * pgbench with no HTTP and no Node in between. Not a target, a ceiling: it shows how much
 * of the simple transaction's rate the app's writes (ledger, referral, outbox, webhook and
 * rank rows, fair-play checks) leave on this machine. Joins per second.
 */
function pgbenchAppSqlRate(url: string, batchSize: number): number {
  const script = path.join(UPLOADS_DIR, `app-signup-${batchSize}.sql`);
  const request = [
    "'idx', i",
    "'limit_keys', jsonb_build_array('join:no-js:network:10.' || (:n + i), 'signup:network:10.' || (:n + i))",
    "'limit_counts', '[5, 60]'::jsonb, 'limit_windows', '[3600, 600]'::jsonb",
    "'id', gen_random_uuid(), 'email', 'pgb' || (:n + i) || '@example.com', 'identity', 'pgb' || (:n + i) || '@example.com'",
    "'code', left(md5(random()::text), 14), 'signup_points', 10, 'refuse', false",
    `'referral_code', 'code' || (((:n + i) % ${REFERRERS}) + 1) * 997`,
    "'device', 'desktop', 'network', '10.' || ((:n + i) % 65536 / 256) || '.' || ((:n + i) % 256) || '.0/24'",
    "'mode', 'confirm', 'alias', false, 'disposable', false, 'burst_limit', 10, 'daily_cap', 50, 'referrer_points', 10, 'friend_points', 5",
  ].join(", ");
  fs.writeFileSync(
    script,
    [
      `\\set n random(1, 2000000000 / ${batchSize}) * ${batchSize}`,
      `SELECT count(*) FROM waitlist_join_batch((SELECT jsonb_agg(jsonb_build_object(${request})) FROM generate_series(1, ${batchSize}) i));`,
      "",
    ].join("\n"),
  );
  const output = execFileSync(PGBENCH, ["-n", "-c", String(CONCURRENCY), "-j", "2", "-T", String(SECONDS), "-f", script, url], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`pgbench printed no rate:\n${output}`);
  return tps * batchSize;
}

/**
 * Each measurement starts from a clean buffer pool's write state: dirty pages left by the
 * seed or an earlier measurement would otherwise be written out during the next one.
 * Needs a superuser (the throwaway cluster's is); elsewhere it is skipped.
 */
async function checkpoint(client: pg.Client) {
  await client.query("checkpoint").catch(() => undefined);
}

/** Where the database's time went during the run, heaviest statements first (nested ones included). */
async function printStatementTimes(client: pg.Client) {
  const top = await client.query<{ calls: string; total: number; mean: number; query: string }>(`
    select calls, total_exec_time as total, mean_exec_time as mean, regexp_replace(query, '\\s+', ' ', 'g') as query
      from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
     order by total_exec_time desc limit ${Number(process.env.BENCH_STATEMENTS_TOP ?? 8)}`);
  console.log("  database time by statement during the run (pg_stat_statements; nested statements count in their caller too):");
  for (const row of top.rows) {
    console.log(`  ${String(row.calls).padStart(7)} calls ${row.total.toFixed(0).padStart(7)} ms  mean ${row.mean.toFixed(3)} ms  ${row.query.slice(0, 110)}`);
  }
}

/** Each referrer's link, opened once: the signed referral cookie a friend's browser keeps. */
async function referralCookies(origin: string): Promise<string[]> {
  const cookies: string[] = [];
  for (let referrer = 1; referrer <= REFERRERS; referrer++) {
    const response = await fetch(`${origin}/?ref=code${referrer * 997}`, { redirect: "manual", headers: { "X-Forwarded-For": `192.0.2.${referrer % 250}` } });
    const cookie = response.headers.getSetCookie().map((line) => line.split(";")[0]!).filter((pair) => !pair.endsWith("="));
    if (cookie.length === 0) throw new Error(`no referral cookie from /?ref=code${referrer * 997} (status ${response.status})`);
    cookies.push(cookie.join("; "));
  }
  return cookies;
}

/** The join batches the app sent so far (its /metrics, ADR 0038): how many, and how many joins in them. */
async function batchesSoFar(origin: string): Promise<{ batches: number; joins: number }> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} ([\\d.e+]+)$`, "m").exec(text)?.[1] ?? Number.NaN);
  return { batches: value("launchcrew_join_batch_size_count"), joins: value("launchcrew_join_batch_size_sum") };
}

/** CPU seconds so far of the app's processes, the throwaway cluster's (when there is one) and this load generator. */
function cpuSoFar(app: App) {
  return { app: treeCpuSeconds(app.pid), database: cluster ? treeCpuSeconds(cluster.postmasterPid()) : Number.NaN, loadGenerator: ownCpuSeconds() };
}

/** Seconds until the outbox has no pending message left (the burst's welcome e-mails, ADR 0038). */
async function secondsToDrainOutbox(client: pg.Client, limitSeconds = 300): Promise<number> {
  const started = performance.now();
  while ((performance.now() - started) / 1000 < limitSeconds) {
    const pending = await client.query<{ n: number }>("select count(*)::integer as n from email_outbox where status = 'pending'");
    if (pending.rows[0]!.n === 0) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return Number.POSITIVE_INFINITY;
}

/** The messages waiting in the outbox, every 250 ms until `running` settles: the most, and the last count. */
async function sampleWaiting(client: pg.Client, running: Promise<unknown>): Promise<{ most: number; atEnd: number }> {
  let isDone = false;
  void running.finally(() => (isDone = true));
  const waiting = { most: 0, atEnd: 0 };
  while (!isDone) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const pending = await client.query<{ n: number }>("select count(*)::integer as n from email_outbox where status = 'pending'");
    waiting.atEnd = pending.rows[0]!.n;
    waiting.most = Math.max(waiting.most, waiting.atEnd);
  }
  return waiting;
}

/** One measured run against a running app: prints its figures and returns its p99 in ms. */
async function measure(client: pg.Client, app: App, workers: number, cookies: string[], simple: number, options: DriveOptions): Promise<number> {
  await checkpoint(client);
  if (cluster) await client.query("select pg_stat_statements_reset()");
  const before = await client.query<{ n: number }>("select count(*)::integer as n from waitlist_users where email like 'bench.%'");
  const [batchesBefore, cpuBefore] = [await batchesSoFar(app.origin), cpuSoFar(app)];
  const burstStarted = performance.now();
  const driving = drive(app.origin, SECONDS, cookies, options);
  const waiting = await sampleWaiting(client, driving);
  const figures = await driving;
  const burstEnded = performance.now();
  const [batchesAfter, cpuAfter] = [await batchesSoFar(app.origin), cpuSoFar(app)];
  const sorted = figures.latenciesMs.sort((a, b) => a - b);
  const rate = figures.signups / figures.seconds;
  // Settled: every answered sign-up stored, each with its referrer and a referral row.
  const after = await client.query<{ members: number; referred: number; referrals: number }>(`
    select count(*)::integer as members, count(referred_by_user_id)::integer as referred,
           (select count(*)::integer from referrals r join waitlist_users f on f.id = r.referred_id where f.email like 'bench.%') as referrals
      from waitlist_users where email like 'bench.%'`);
  const stored = after.rows[0]!.members - before.rows[0]!.n;
  const label = `${options.connections === "new" ? "new connection per request" : "keep-alive"}${options.flood ? `, flood of ${FLOOD_CLIENTS} clients posting one address from ${FLOOD_NETWORKS} networks` : ""}`;
  console.log(
    `WEB_CONCURRENCY=${workers} (${label}): ${rate.toFixed(0).padStart(5)} signups/s = ${(rate / simple).toFixed(3)} of pgbench   ` +
      `p50 ${percentile(sorted, 0.5)} ms   p99 ${percentile(sorted, 0.99)} ms   ` +
      `(${figures.signups} answered, ${figures.failures} failed, ${stored} stored; all bench members: ${after.rows[0]!.members} with ${after.rows[0]!.referred} referrers and ${after.rows[0]!.referrals} referral rows)`,
  );
  if (options.flood) console.log(`  the flood's posts were answered: ${Object.entries(figures.floodStatuses).map(([status, count]) => `${count} × ${status}`).join(", ")}`);
  const perSignup = (key: keyof typeof cpuAfter) => `${(((cpuAfter[key] - cpuBefore[key]) * 1000) / figures.signups).toFixed(2)} ms`;
  const batches = batchesAfter.batches - batchesBefore.batches;
  console.log(
    `  CPU per sign-up: app ${perSignup("app")}, PostgreSQL ${perSignup("database")}, load generator ${perSignup("loadGenerator")}; ` +
      `${batches} join batches of ${((batchesAfter.joins - batchesBefore.joins) / batches).toFixed(1)} on average`,
  );
  const welcomeRate = mail.countBetween(burstStarted, burstEnded) / ((burstEnded - burstStarted) / 1000);
  console.log(
    `  welcome e-mails sent during the burst: ${welcomeRate.toFixed(0)}/s against ${rate.toFixed(0)} sign-ups/s = ${(welcomeRate / rate).toFixed(3)}; ` +
      `at most ${waiting.most} waiting in the outbox, ${waiting.atEnd} at the burst's end`,
  );
  if (cluster && process.env.BENCH_STATEMENTS !== "0") await printStatementTimes(client);
  if (cluster) await client.query("select pg_stat_statements_reset()");
  console.log(`  the burst's welcome e-mails were all sent ${(await secondsToDrainOutbox(client)).toFixed(1)} s after it ended`);
  console.log(`  the mail server accepted ${mail.count()} messages in all, ${mail.duplicates()} of them a second time`);
  if (cluster && process.env.BENCH_DRAIN_STATEMENTS === "1") await printStatementTimes(client);
  return Number(percentile(sorted, 0.99));
}

const unavailable = throwawayClusterUnavailable();
const externalServer = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (unavailable && !externalServer) throw new Error(`no PostgreSQL: ${unavailable}, and neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set`);
if (!fs.existsSync(PGBENCH)) throw new Error(`pgbench not found at ${PGBENCH} (Debian's postgresql-15 package)`);
let cluster: ThrowawayCluster | undefined;
const serverUrl = unavailable ? externalServer! : (cluster = await startThrowawayCluster({ statementStats: true, fsync: FSYNC }))[OVER_SOCKET ? "socketUrl" : "url"];
const name = `launchcrew_bench_signup_${process.pid}`;
const mail = await startSmtpCounter();

console.log(
  `${CONCURRENCY} clients, ${SECONDS} s each after a ${WARM_UP_SECONDS} s warm-up; ${os.availableParallelism()} cores (load generator included), ` +
    `Node ${process.version}${process.env.BENCH_NODE ? ` (the app: ${execFileSync(process.env.BENCH_NODE, ["--version"], { encoding: "utf8" }).trim()}, BENCH_NODE)` : ""}, PostgreSQL ${cluster ? `15 throwaway cluster (fsync ${FSYNC ? "on" : "off"}) over ${OVER_SOCKET ? "its Unix socket" : "TCP"}` : "on BENCH_DATABASE_URL"}`,
);
try {
  await runOnServer(serverUrl, `create database ${name}`);
  const url = databaseUrl(serverUrl, name);
  // The app migrates the new database at its first start.
  await (await startApp(1, url, UPLOADS_DIR)).stop();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (cluster) await client.query("create extension pg_stat_statements");
    await seed(client);
    const simple = await pgbenchRate(url, client);
    console.log(`pgbench simple sign-up transaction: ${simple.toFixed(0)} per second`);
    for (const batchSize of process.env.BENCH_APP_SQL === "0" ? [] : [1, 8]) {
      await checkpoint(client);
      const appSql = pgbenchAppSqlRate(url, batchSize);
      console.log(
        `pgbench sending the app's own sign-up statement, ${batchSize} join${batchSize === 1 ? "" : "s"} a batch: ${appSql.toFixed(0)} joins per second = ` +
          `${(appSql / simple).toFixed(3)} of the simple one (a ceiling for the app here)`,
      );
    }
    // pgbench's joins queued welcome e-mails too: not the app's burst, so not its sender's work.
    await client.query("delete from email_outbox where to_address like 'pgb%@example.com'");
    await client.query("vacuum analyze email_outbox");
    for (const workers of WORKER_COUNTS) {
      const app = await startApp(workers, url, UPLOADS_DIR, { SMTP_URL: mail.url, ...smtpServerSecrets("bench") });
      try {
        const cookies = await referralCookies(app.origin);
        await drive(app.origin, WARM_UP_SECONDS, cookies);
        await secondsToDrainOutbox(client);
        for (const connections of CONNECTION_MODES) {
          const quiet = await measure(client, app, workers, cookies, simple, { connections });
          if (FLOOD_CLIENTS <= 0) continue;
          const flooded = await measure(client, app, workers, cookies, simple, { connections, flood: true });
          console.log(
            `  honest p99 under the flood ${flooded.toFixed(1)} ms = ${(flooded / quiet).toFixed(2)}× the quiet run's ${quiet.toFixed(1)} ms ` +
              `(${flooded <= 2 * quiet ? "within" : "NOT within"} 2×)`,
          );
        }
      } finally {
        await app.stop();
      }
    }
  } finally {
    await client.end();
  }
} finally {
  await runOnServer(serverUrl, `drop database if exists ${name} with (force)`).catch(() => undefined);
  cluster?.stop();
  await mail.stop();
  fs.rmSync(UPLOADS_DIR, { recursive: true, force: true });
}
