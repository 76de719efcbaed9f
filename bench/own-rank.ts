// Own-rank lookup at a million members: the histogram method (ADR 0003, with the unfolded
// changes of ADR 0038) against a plain count of the members above. Needs a PostgreSQL server:
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/own-rank.ts
// It creates (and at the end drops) a scratch database next to the one in the URL.
import pg from "pg";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const LOOKUPS = 200;
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const scratch = `launchcrew_bench_${process.pid}`;

function urlFor(database: string) {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function timeEach(label: string, client: pg.Client, text: string, params: () => unknown[]) {
  const samples: number[] = [];
  for (let i = 0; i < LOOKUPS; i += 1) {
    const started = performance.now();
    await client.query(text, params());
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(2);
  console.log(`${label.padEnd(28)} p50 ${at(0.5)} ms   p95 ${at(0.95)} ms   max ${at(1)} ms`);
}

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${scratch}`);
process.env.DATABASE_URL = urlFor(scratch);
try {
  const { migrateDatabase, closeDatabase } = await import("../app/kernel/db.server");
  await migrateDatabase();
  await closeDatabase();
  const client = new pg.Client({ connectionString: urlFor(scratch) });
  await client.connect();
  console.log(`seeding ${MEMBERS.toLocaleString("en")} members…`);
  let started = performance.now();
  // Most members sit at the bottom (10 or 15 points); a long tail refers friends.
  await client.query("alter table waitlist_users disable trigger waitlist_users_track_scores");
  await client.query(
    `insert into waitlist_users (email, email_identity, referral_code, points, referrals_made, created_at)
     select 'm' || g || '@bench.example', 'm' || g || '@bench.example', 'code' || g,
            10 + 5 * (g % 2) + 10 * r, r, now() - make_interval(secs => g)
       from generate_series(1, $1) g,
            lateral (select case when g % 10 < 7 then 0 else floor(power(random(), 4) * 60)::int end as r) x`,
    [MEMBERS],
  );
  await client.query(
    `insert into leaderboard_score_counts select points, referrals_made, count(*) from waitlist_users group by 1, 2`,
  );
  await client.query("alter table waitlist_users enable trigger waitlist_users_track_scores");
  // Changes the fold job has not folded yet (ADR 0038): a second's worth of a busy launch.
  await client.query(
    `insert into leaderboard_score_deltas (points, referrals_made, members)
     select 10 + 10 * (g % 60), g % 60, case when g % 2 = 0 then 1 else -1 end from generate_series(1, 500) g`,
  );
  await client.query("analyze");
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const pairs = await client.query("select count(*)::int as n from leaderboard_score_counts");
  console.log(`distinct (points, referrals) pairs: ${pairs.rows[0].n}`);

  const bottom = () => [10 + 5 * Math.round(Math.random()), 0];
  const anywhere = () => [10 + 10 * Math.floor(Math.random() * 60), Math.floor(Math.random() * 60)];
  // The app's rank (competitionRankSql): the folded counts plus unfolded changes, through the view.
  const histogram = `select 1 + coalesce(sum(members), 0) from leaderboard_scores where (points, referrals_made) > ($1::int, $2::int)`;
  const count = `select 1 + count(*) from waitlist_users where not is_blocked and (points, referrals_made) > ($1::int, $2::int)`;
  started = performance.now();
  await timeEach("histogram, bottom member", client, histogram, bottom);
  await timeEach("histogram, random member", client, histogram, anywhere);
  await timeEach("count(*), bottom member", client, count, bottom);
  await timeEach("count(*), random member", client, count, anywhere);
  await client.end();
} finally {
  await admin.query(`drop database if exists ${scratch} with (force)`);
  await admin.end();
}
