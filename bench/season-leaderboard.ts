// The public leaderboard at a million members: GET /leaderboard ("This month", the default)
// and /leaderboard?view=all-time over HTTP, one request at a time, p50/p95/p99. The ledger
// holds 3 rows per member spread over the last 90 days, so the running season has about a
// third of them. Builds nothing: run `npm run build` first, then
//   npx tsx bench/season-leaderboard.ts
// on the BENCH_DATABASE_URL (or TEST_DATABASE_URL, default 127.0.0.1:5432) server, in a
// scratch database dropped at the end. BENCH_MEMBERS (default 1,000,000) and
// BENCH_REQUESTS (default 300) tune it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { runOnServer } from "../tests/e2e/fresh-database";
import { databaseUrl, startApp } from "./app-process";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const name = `launchcrew_bench_season_${process.pid}`;
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchcrew-bench-uploads-"));

async function seed(client: pg.Client) {
  const started = performance.now();
  // Bulk load with the per-row triggers off; the aggregates they keep are built in one pass after.
  await client.query("alter table waitlist_users disable trigger waitlist_users_track_scores");
  await client.query("alter table points_ledger disable trigger points_ledger_track_seasons");
  await client.query(
    `insert into waitlist_users (email, email_identity, referral_code, created_at, join_date)
     select 'm' || g || '@bench.example', 'm' || g || '@bench.example', 'code' || g, now() - make_interval(secs => g * 7), now() - make_interval(secs => g * 7)
       from generate_series(1, $1) g`,
    [MEMBERS],
  );
  // Three rows each: the sign-up, a trailer view, and a long-tailed referral credit.
  await client.query(`
    insert into points_ledger (member_id, delta, reason, created_at)
    select m.id, row.delta, row.reason, now() - make_interval(secs => floor(random() * 90 * 86400)::integer)
      from waitlist_users m,
           -- m.id in the row makes it per member (an uncorrelated VALUES would be drawn once).
           lateral (values (10, 'signup'), (5, 'trailer_view'),
                           (10 * floor(power((abs(hashtext(m.id::text)) % 1000000) / 1e6, 6) * 30)::integer, 'referral_credit')) as row(delta, reason)`);
  await client.query(`
    update waitlist_users m set points = l.points, referrals_made = l.referrals
      from (select member_id, sum(delta)::integer as points, (sum(delta) filter (where reason = 'referral_credit') / 10)::integer as referrals
              from points_ledger group by member_id) l
     where l.member_id = m.id`);
  await client.query(`insert into leaderboard_score_counts select points, referrals_made, count(*) from waitlist_users group by 1, 2`);
  await client.query(`
    insert into season_points (season, member_id, points, referrals, member_joined_at)
    select date_trunc('month', l.created_at at time zone site_time_zone())::date, l.member_id, sum(l.delta)::integer,
           coalesce(sum(sign(l.delta)) filter (where l.reason = 'referral_credit'), 0)::integer, m.created_at
      from points_ledger l join waitlist_users m on m.id = l.member_id group by 1, 2, m.created_at`);
  await client.query("alter table waitlist_users enable trigger waitlist_users_track_scores");
  await client.query("alter table points_ledger enable trigger points_ledger_track_seasons");
  await client.query("vacuum analyze");
  const counts = await client.query(`
    select (select count(*) from points_ledger)::integer as ledger,
           (select count(*) from season_points where season = date_trunc('month', now() at time zone site_time_zone())::date)::integer as this_month`);
  console.log(
    `seeded ${MEMBERS.toLocaleString("en")} members, ${counts.rows[0].ledger.toLocaleString("en")} ledger rows ` +
      `(${counts.rows[0].this_month.toLocaleString("en")} members scored this month) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

async function measure(label: string, url: string) {
  for (let warm = 0; warm < 20; warm++) await (await fetch(url)).text();
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.text();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(1);
  console.log(`${label.padEnd(34)} p50 ${at(0.5)} ms   p95 ${at(0.95)} ms   p99 ${at(0.99)} ms   (${REQUESTS} requests)`);
}

console.log(`GET /leaderboard, one request at a time; ${os.availableParallelism()} cores, Node ${process.version}`);
await runOnServer(serverUrl, `create database ${name}`);
const app = await startApp(1, databaseUrl(serverUrl, name), uploadsDir); // migrates the scratch database
const client = new pg.Client({ connectionString: databaseUrl(serverUrl, name) });
try {
  await client.connect();
  await seed(client);
  await measure(`"This month" (the default)`, `${app.origin}/leaderboard`);
  await measure(`"All time"`, `${app.origin}/leaderboard?view=all-time`);
  const plan = await client.query(`
    explain (analyze, buffers off, timing off, summary on)
    select sp.member_id from season_points sp join waitlist_users m on m.id = sp.member_id and not m.is_blocked
     where sp.season = date_trunc('month', now() at time zone site_time_zone())::date and sp.points > 0
     order by sp.points desc, sp.referrals desc, sp.member_joined_at, sp.member_id limit 100`);
  console.log(`season top-100 query alone: ${plan.rows.at(-1)["QUERY PLAN"]}`);
} finally {
  await client.end();
  await app.stop();
  await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
  fs.rmSync(uploadsDir, { recursive: true, force: true });
}
