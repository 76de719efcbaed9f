// Importing 100,000 members from a CSV upload: the dry run (multipart body streamed through
// busboy and csv-parse, staged in batches) and the import (batches of 500 in transactions),
// with the process's RSS sampled throughout. The upload is generated as it is sent, so the
// bench itself never holds the file either. On an in-memory PGlite by default, or on a server:
//   npx tsx bench/csv-import-memory.ts
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/csv-import-memory.ts
// On a server it creates (and at the end drops) a scratch database next to the one in the URL.
// Target: memory that does not grow with the file — under 100 MB above the process's
// start-up size on PostgreSQL (PGlite's own database lives in this process). Compare
// BENCH_ROWS=20000 with the default 100,000: the growth should be the same.
import v8 from "node:v8";
import vm from "node:vm";
import { sql } from "drizzle-orm";
import { openScratchDatabase } from "./scratch-database";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const BOUNDARY = "----launchcrewbench";
const scratch = await openScratchDatabase("launchcrew_bench_import");

const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
// RSS every 20 ms; live heap (after a full collection, so not garbage awaiting the
// collector) every 500 ms.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;
let peakRss = 0;
let peakLiveHeap = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const heapSampler = setInterval(() => {
  collectGarbage();
  peakLiveHeap = Math.max(peakLiveHeap, process.memoryUsage().heapUsed);
}, 500);

/** The export's columns, 1,000 lines per chunk, made as the parser asks for them. */
function uploadBody(): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  let stage: "head" | "rows" | "tail" | "done" = "head";
  return new ReadableStream({
    pull(controller) {
      if (stage === "head") {
        controller.enqueue(encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`));
        controller.enqueue(encoder.encode("Email,Referral Code,Points,Referrals Made,Confirmed,Blocked,Join Date,Tags,Notes\r\n"));
        stage = "rows";
        return;
      }
      if (stage === "rows") {
        const lines: string[] = [];
        for (let end = Math.min(ROWS, next + 1000); next < end; next += 1) {
          lines.push(`member.${next}@bench.example.com,,10,0,${next % 3 === 0 ? "Yes" : "No"},No,2026-01-01T00:00:00Z,tag${next % 5}; imported,note ${next}\r\n`);
        }
        controller.enqueue(encoder.encode(lines.join("")));
        if (next >= ROWS) stage = "tail";
        return;
      }
      if (stage === "tail") {
        controller.enqueue(encoder.encode(`\r\n--${BOUNDARY}--\r\n`));
        stage = "done";
        return;
      }
      controller.close();
    },
  });
}

const { closeDatabase, db, migrateDatabase } = await import("../app/kernel/db.server");
const { readCsvUpload } = await import("../app/lib/imports/csv-upload.server");
const { checkImport } = await import("../app/lib/imports/import-check.server");
const { importNextBatch, startImport } = await import("../app/lib/imports/import-run.server");

try {
  await migrateDatabase();
  await db.execute(sql`insert into users (id, name, email) values ('bench-admin', 'Bench', 'bench.admin@example.com')`);
  collectGarbage();
  const baselineRss = process.memoryUsage().rss;
  const baselineHeap = process.memoryUsage().heapUsed;
  peakRss = baselineRss;
  peakLiveHeap = baselineHeap;

  const checking = performance.now();
  const request = new Request("http://localhost/admin/waitlist-emails", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: uploadBody(),
    duplex: "half",
  } as RequestInit);
  const checked = await readCsvUpload(request, (upload) => checkImport(upload, "bench-admin"));
  const checkSeconds = (performance.now() - checking) / 1000;
  console.log(
    `dry run: ${checked.totalRows.toLocaleString("en")} lines (${checked.newRows.toLocaleString("en")} new) in ${checkSeconds.toFixed(1)} s ` +
      `(${Math.round(checked.totalRows / checkSeconds).toLocaleString("en")} lines/s); peak RSS so far ${mib(peakRss)} MiB`,
  );

  const importing = performance.now();
  await startImport(checked.id, { tags: ["bench"], sendWelcome: false }, "bench-admin");
  while (await importNextBatch());
  const importSeconds = (performance.now() - importing) / 1000;
  const [members] = (await db.execute<{ n: number }>(sql`select count(*)::integer as n from waitlist_users`)).rows;
  console.log(
    `import: ${members!.n.toLocaleString("en")} members in ${importSeconds.toFixed(1)} s (${Math.round(members!.n / importSeconds).toLocaleString("en")} members/s)`,
  );
  console.log(
    `peak RSS ${mib(peakRss)} MiB (baseline after start-up ${mib(baselineRss)} MiB, growth ${mib(peakRss - baselineRss)} MiB); ` +
      `peak live heap growth ${mib(peakLiveHeap - baselineHeap)} MiB; on ${scratch.label}`,
  );
  if (members!.n !== ROWS) console.log(`warning: expected ${ROWS} members, found ${members!.n}`);
} finally {
  clearInterval(sampler);
  clearInterval(heapSampler);
  await closeDatabase();
  await scratch.drop();
}
