import v8 from "node:v8";
import vm from "node:vm";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { streamMembersCsv } from "~/lib/waitlist/members-csv.server";
import { resetDatabase } from "../db-reset";

const MEMBERS = 100_000;

// A full collection before each sample, so the figure is live memory, not garbage
// waiting for the collector.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

function liveHeap(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

beforeAll(async () => {
  await resetDatabase();
  await db.execute(sql`
    insert into waitlist_users (email, referral_code, points, referrals_made, tags, notes, created_at)
    select 'member' || g || '@example.com', 'code' || g, 10 + (g % 50), g % 7, array['tag' || (g % 5)], 'note ' || g,
           now() - make_interval(secs => g)
      from generate_series(1, ${MEMBERS}) g`);
}, 300_000);

describe("CSV export at scale", () => {
  it("streams 100,000 members with flat memory", async () => {
    const reader = streamMembersCsv().getReader();
    let rows = -1; // the header line
    let bytes = 0;
    let chunks = 0;
    let peakHeapGrowth = 0;
    const baselineHeap = liveHeap();
    const baselineRss = process.memoryUsage().rss;
    let peakRssGrowth = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 0x0a) rows += 1;
      chunks += 1;
      peakRssGrowth = Math.max(peakRssGrowth, process.memoryUsage().rss - baselineRss);
      if (chunks % 10 === 0) peakHeapGrowth = Math.max(peakHeapGrowth, liveHeap() - baselineHeap);
    }
    const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
    console.info(
      `csv export: ${rows} rows, ${mib(bytes)} MiB streamed; peak live-heap growth ${mib(peakHeapGrowth)} MiB, peak RSS growth ${mib(peakRssGrowth)} MiB`,
    );
    expect(rows).toBe(MEMBERS);
    // Reading every row at once holds about 100 MiB of row objects; the stream holds
    // one batch of 1,000 rows at a time.
    expect(peakHeapGrowth).toBeLessThan(8 * 1024 * 1024);
  }, 300_000);
});
