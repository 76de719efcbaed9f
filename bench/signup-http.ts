// Sign-ups per second over HTTP with one worker process and then two (WEB_CONCURRENCY):
// POST /join-waitlist (form-encoded, Origin = the server's, a new e-mail each time) at a
// fixed concurrency for a fixed time, then signups/s, p50 and p99. Builds nothing: run
// `npm run build` first, then
//   npx tsx bench/signup-http.ts
// PostgreSQL: a throwaway 15 cluster (as root, with the postgres user; fsync off, so
// writes are cheaper than on a production server), or else a scratch database on the
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) server. Each run gets a fresh database.
// BENCH_CONCURRENCY (default 16) and BENCH_SECONDS (default 15, after a 3 s warm-up) tune it.
//
// Rate limits: a network may sign up 60 times per 10 minutes, and the bench, on one
// address, would meet that at once. So the app trusts a proxy on loopback
// (TRUST_PROXY=loopback), where the load generator is, and every request names a
// different client in X-Forwarded-For, as a proxy in front of many visitors would: the
// limit check still runs (one upsert per sign-up), it just never refuses. The bench sends
// no bot-guard challenge, like a visitor without JavaScript, so each sign-up also passes
// the no-JavaScript limit (five per network per hour, a second upsert); solving one per
// sign-up would load the generator, not the app. Nothing in the app is switched off for
// the bench.
//
// The load generator runs on the same machine and takes CPU from the workers; say how
// many cores there were when quoting the figures.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { runOnServer } from "../tests/e2e/fresh-database";
import { databaseUrl, startApp } from "./app-process";
import { startThrowawayCluster, throwawayClusterUnavailable, type ThrowawayCluster } from "../tests/e2e/throwaway-postgres";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARM_UP_SECONDS = 3;
const WORKER_COUNTS = [1, 2];
const UPLOADS_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "launchcrew-bench-uploads-"));

type Figures = { signups: number; failures: number; latenciesMs: number[]; seconds: number };

let nextClient = 0;

/** One sign-up, as if from its own visitor behind the proxy. */
function signUp(agent: http.Agent, origin: string): Promise<number> {
  const visitor = nextClient++;
  const body = new URLSearchParams({ email: `bench.${process.pid}.${visitor}@example.com` }).toString();
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
          "X-Forwarded-For": `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
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

/** Keeps CONCURRENCY sign-ups in flight for `seconds`. */
async function drive(origin: string, seconds: number): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const figures: Figures = { signups: 0, failures: 0, latenciesMs: [], seconds };
  const until = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const status = await signUp(agent, origin);
      if (status === 302 || status === 303) {
        figures.signups++;
        figures.latenciesMs.push(performance.now() - started);
      } else {
        figures.failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  agent.destroy();
  return figures;
}

function percentile(sorted: number[], q: number): string {
  return (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN).toFixed(1);
}

const unavailable = throwawayClusterUnavailable();
const externalServer = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (unavailable && !externalServer) throw new Error(`no PostgreSQL: ${unavailable}, and neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set`);
let cluster: ThrowawayCluster | undefined;
const serverUrl = unavailable ? externalServer! : (cluster = await startThrowawayCluster()).url;

console.log(
  `POST /join-waitlist, ${CONCURRENCY} in flight for ${SECONDS} s after a ${WARM_UP_SECONDS} s warm-up; ` +
    `${os.availableParallelism()} cores (load generator included), Node ${process.version}, ` +
    `PostgreSQL ${cluster ? "15 throwaway cluster (fsync off)" : "on BENCH_DATABASE_URL"}`,
);
try {
  for (const workers of WORKER_COUNTS) {
    const name = `launchcrew_bench_signup_${process.pid}_${workers}`;
    await runOnServer(serverUrl, `create database ${name}`);
    const app = await startApp(workers, databaseUrl(serverUrl, name), UPLOADS_DIR);
    try {
      await drive(app.origin, WARM_UP_SECONDS);
      const figures = await drive(app.origin, SECONDS);
      const sorted = figures.latenciesMs.sort((a, b) => a - b);
      console.log(
        `WEB_CONCURRENCY=${workers}: ${(figures.signups / figures.seconds).toFixed(0).padStart(5)} signups/s   ` +
          `p50 ${percentile(sorted, 0.5)} ms   p99 ${percentile(sorted, 0.99)} ms   ` +
          `(${figures.signups} sign-ups, ${figures.failures} failed)`,
      );
    } finally {
      await app.stop();
      await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
    }
  }
} finally {
  cluster?.stop();
  fs.rmSync(UPLOADS_DIR, { recursive: true, force: true });
}
