import cluster from "node:cluster";
import { sql } from "drizzle-orm";
import client from "prom-client";
import { db, getConnection } from "../kernel/db.server";

// Prometheus metrics of this process, scraped at /metrics (see app/routes/metrics.ts).
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

type ClusterMessage = { type?: string; id?: number; metrics?: string; error?: string };
const PRIMARY_TIMEOUT_MS = 10_000;
let nextMetricsRequest = 0;

// In a cluster the primary adds up every worker's figures (server/cluster-metrics.js).
if (cluster.isWorker) {
  process.on("message", (message: ClusterMessage) => {
    if (message?.type !== "launchcrew:metrics-collect") return;
    registry.getMetricsAsJSON().then(
      (metrics) => process.send?.({ type: "launchcrew:metrics-collected", id: message.id, metrics }),
      (error: unknown) => process.send?.({ type: "launchcrew:metrics-collected", id: message.id, error: String(error) }),
    );
  });
}

function askPrimaryForMetrics(): Promise<string> {
  const id = nextMetricsRequest++;
  return new Promise((resolve, reject) => {
    const onMessage = (message: ClusterMessage) => {
      if (message?.type !== "launchcrew:metrics" || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.metrics ?? "");
    };
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error(`the cluster primary sent no metrics within ${PRIMARY_TIMEOUT_MS / 1000} s`));
    }, PRIMARY_TIMEOUT_MS);
    process.on("message", onMessage);
    process.send?.({ type: "launchcrew:metrics-request", id });
  });
}

/**
 * The Prometheus text for a scrape: this process's figures, or in a cluster every
 * worker's added up, so a scrape never depends on which worker took it.
 */
export function readMetrics(): Promise<string> {
  return cluster.isWorker ? askPrimaryForMetrics() : registry.metrics();
}

export const httpRequestDuration = new client.Histogram({
  name: "launchcrew_http_request_duration_seconds",
  help: "HTTP requests by route, method and status class",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const signups = new client.Counter({
  name: "launchcrew_signups_total",
  help: "Waitlist joins: new members and returning ones",
  labelNames: ["kind"] as const,
  registers: [registry],
});

export const joinBatchSize = new client.Histogram({
  name: "launchcrew_join_batch_size",
  help: "Waitlist joins sent to the database together, per batch (ADR 0038)",
  buckets: [1, 2, 4, 8, 16, 32],
  registers: [registry],
});

export const referralsCredited = new client.Counter({
  name: "launchcrew_referrals_credited_total",
  help: "Referrals credited to a referrer",
  registers: [registry],
});

export const botGuardChecks = new client.Counter({
  name: "launchcrew_bot_guard_checks_total",
  help: "Waitlist and sign-in submissions by bot-guard outcome (solved, no_js, no_js_limited, honeypot, expired, invalid, reused)",
  labelNames: ["form", "outcome"] as const,
  registers: [registry],
});

export const botChallengeSolveSeconds = new client.Histogram({
  name: "launchcrew_bot_challenge_solve_seconds",
  help: "How long browsers say they took to solve the bot-guard challenge (reported by the widget)",
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
  registers: [registry],
});

export const eventStreams = new client.Gauge({
  name: "launchcrew_event_streams_open",
  help: "Open Server-Sent Events streams (live settings)",
  registers: [registry],
});

export const shareCardsServed = new client.Counter({
  name: "launchcrew_share_cards_total",
  help: "Share-card PNGs served: drawn now (rendered) or from this process's memory (cached)",
  labelNames: ["source"] as const,
  registers: [registry],
});

export const eventStreamSettingsReads = new client.Counter({
  name: "launchcrew_event_stream_settings_reads_total",
  help: "Public settings read for event streams: one per change per process, plus one per new stream",
  registers: [registry],
});

export const eventStreamsRefused = new client.Counter({
  name: "launchcrew_event_streams_refused_total",
  help: "Event streams refused because the address or the process held too many",
  labelNames: ["limit"] as const,
  registers: [registry],
});

new client.Gauge({
  name: "launchcrew_db_pool_connections",
  help: "Database pool connections by state (PostgreSQL only)",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    const connection = getConnection();
    if (connection.kind !== "pg") return;
    const { totalCount, idleCount, waitingCount } = connection.pool;
    this.set({ state: "total" }, totalCount);
    this.set({ state: "idle" }, idleCount);
    this.set({ state: "waiting" }, waitingCount);
  },
});

new client.Gauge({
  name: "launchcrew_outbox_pending",
  help: "E-mails waiting in the outbox, and the age of the oldest in seconds (a broadcast's messages are counted on its own screen and in the API)",
  labelNames: ["measure"] as const,
  registers: [registry],
  // Every worker reads the same table: one reading, not their sum.
  aggregator: "max",
  async collect() {
    const result = await db.execute<{ depth: number; age: number }>(sql`
      select count(*)::integer as depth, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
        from email_outbox where status = 'pending' and broadcast_id is null`);
    this.set({ measure: "depth" }, Number(result.rows[0]?.depth ?? 0));
    this.set({ measure: "oldest_age_seconds" }, Number(result.rows[0]?.age ?? 0));
  },
});

const UUID_OR_NUMBER = /\/(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)(?=\/|\.|$)/gi;

/**
 * The route label of a request: ids replaced, at most two segments, and every 404 as
 * one label — so a crawler or an attacker cannot grow the label set.
 */
export function routeLabel(path: string, status: number): string {
  if (status === 404) return "not-found";
  const normalised = path.replace(UUID_OR_NUMBER, "/:id").replace(/\.data$/, "");
  const segments = normalised.split("/").filter(Boolean).slice(0, 2);
  return `/${segments.map((segment) => segment.slice(0, 40)).join("/")}`;
}
