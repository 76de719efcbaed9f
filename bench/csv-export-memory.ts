// Memory while streaming the members CSV export at scale: live heap and RSS growth
// while 100,000 members go out. On an in-memory PGlite by default, or on a server:
//   npx tsx bench/csv-export-memory.ts
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/csv-export-memory.ts
// On a server it creates (and at the end drops) a scratch database next to the one in the URL.
// Reading every row at once holds about 100 MiB of row objects; the stream should hold
// one batch of 1,000 rows at a time (a few MiB at most).
import v8 from "node:v8";
import vm from "node:vm";
import { sql } from "drizzle-orm";
import { openScratchDatabase } from "./scratch-database";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const scratch = await openScratchDatabase("launchcrew_bench_csv");

// A full collection before each sample, so the figure is live memory, not garbage
// waiting for the collector.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

function liveHeap(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

const mib = (n: number) => (n / 1024 / 1024).toFixed(1);

const { closeDatabase, db, migrateDatabase } = await import("../app/kernel/db.server");
const { streamMembersCsv } = await import("../app/lib/waitlist/members-csv.server");

try {
  await migrateDatabase();
  const seeding = performance.now();
  await db.execute(sql`
    insert into waitlist_users (email, email_identity, referral_code, points, referrals_made, tags, notes, created_at)
    select 'member' || g || '@example.com', 'member' || g || '@example.com', 'code' || g, 10 + (g % 50), g % 7, array['tag' || (g % 5)], 'note ' || g,
           now() - make_interval(secs => g)
      from generate_series(1, ${MEMBERS}) g`);
  console.log(`seeded ${MEMBERS} members on ${scratch.label} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  const reader = streamMembersCsv().getReader();
  let rows = -1; // the header line
  let bytes = 0;
  let chunks = 0;
  let peakHeapGrowth = 0;
  let peakRssGrowth = 0;
  const baselineHeap = liveHeap();
  const baselineRss = process.memoryUsage().rss;
  const started = performance.now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 0x0a) rows += 1;
    chunks += 1;
    peakRssGrowth = Math.max(peakRssGrowth, process.memoryUsage().rss - baselineRss);
    if (chunks % 10 === 0) peakHeapGrowth = Math.max(peakHeapGrowth, liveHeap() - baselineHeap);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `csv export: ${rows} rows, ${mib(bytes)} MiB streamed in ${seconds.toFixed(1)} s; ` +
      `peak live-heap growth ${mib(peakHeapGrowth)} MiB, peak RSS growth ${mib(peakRssGrowth)} MiB`,
  );
  if (rows !== MEMBERS) console.log(`warning: expected ${MEMBERS} rows, streamed ${rows}`);
} finally {
  await closeDatabase();
  await scratch.drop();
}
