// The launch e-mail to a million (issue 30), on a throwaway PostgreSQL 15 cluster with
// 1,000,000 confirmed members and a counting SMTP peer in this process:
//  1. the peer's own ceiling (the better of two tries): nodemailer pooled with as many connections as the two app
//     processes open together (2 × BROADCAST_MAX_LANES), sending the same kind of message
//     to it in a loop;
//  2. a broadcast to everyone confirmed, paced at BENCH_PACE messages a minute (default
//     the settings' cap), sent by two app processes; both are killed with SIGKILL
//     when BENCH_KILL_AT of the messages are sent and started again 5 s later.
// It prints the time to queue every message, the send rate against the pace and against
// the peer's ceiling, each app process's RSS over the run, and, counted at the peer per
// address by Message-ID, how many members got exactly one distinct message, none, or more
// than one distinct one, and how many repeats of the same Message-ID arrived (what the kill
// may cost: a receiver that drops repeated Message-IDs shows one).
// Build first (`npm run build`), then: npx tsx bench/broadcast.ts
// BENCH_MEMBERS (default 1,000,000) makes it smaller. The broadcast's row is written here,
// as Admin → Broadcasts writes it after its checks; the queueing and sending are the app's.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { runOnServer } from "../tests/e2e/fresh-database";
import { startThrowawayCluster, throwawayClusterUnavailable } from "../tests/e2e/throwaway-postgres";
import { BROADCAST_MAX_LANES } from "../app/lib/launch/broadcasts/broadcast-lanes";
import { BROADCAST_PACE } from "../app/lib/launch/pace";
import { databaseUrl, startApp, type App } from "./app-process";
import { ownCpuSeconds, treeCpuSeconds } from "./process-cpu";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const PACE = Number(process.env.BENCH_PACE ?? BROADCAST_PACE.max);
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? 0.4);
const APP_PROCESSES = 2;
const CONNECTIONS = APP_PROCESSES * BROADCAST_MAX_LANES;
const CEILING_MESSAGES = Number(process.env.BENCH_CEILING_MESSAGES ?? 20_000);
const POLL_SECONDS = MEMBERS > 200_000 ? 5 : 1;
const UPLOADS_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "launchcrew-bench-uploads-"));

/**
 * An SMTP server that records, per address, the Message-IDs of the complete messages it
 * received (a message cut off mid-way is not one).
 */
async function startCountingPeer() {
  const perAddress = new Map<string, string[]>();
  let complete = 0;
  // When the first and the last complete message arrived (performance.now()).
  const span = { first: Number.NaN, last: Number.NaN };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        complete++;
        span.last = performance.now();
        if (Number.isNaN(span.first)) span.first = span.last;
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? "(none)";
        for (const rcpt of session.envelope.rcptTo) {
          const ids = perAddress.get(rcpt.address);
          if (ids) ids.push(messageId);
          else perAddress.set(rcpt.address, [messageId]);
        }
        callback();
      });
    },
  });
  // The app processes killed mid-send reset their connections: that is the bench, not a fault.
  // Without a listener the server's 'error' event would end this process (the 1,000,000 run did).
  let resets = 0;
  server.on("error", () => void resets++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    resets: () => resets,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    perAddress,
    complete: () => complete,
    span,
    resetCount: () => {
      complete = 0;
      span.first = span.last = Number.NaN;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const CEILING_HTML = `<!doctype html><html><body>${"<p>News from the crew, with your points and your place.</p>".repeat(20)}</body></html>`;
const ceilingMessage = (i: number) => ({ from: "crew@bench.example", to: `ceiling${i}@bench.example`, subject: "News", html: CEILING_HTML, text: "News" });

/**
 * Messages a second the peer takes from nodemailer in a loop, composing each message (the
 * issue's yardstick), or with `prebuilt`, handing over one message built beforehand: what
 * the peer takes when the sender costs next to nothing (for comparison only).
 */
async function peerCeiling(url: string, { prebuilt = false } = {}): Promise<number> {
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: CONNECTIONS, maxMessages: 1000 });
  const raw = prebuilt ? await new MailComposer(ceilingMessage(0)).compile().build() : null;
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < CEILING_MESSAGES) {
      const i = next++;
      const message = ceilingMessage(i);
      await transport.sendMail(raw ? { envelope: { from: message.from, to: [message.to] }, raw } : message);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, lane));
  transport.close();
  return CEILING_MESSAGES / ((performance.now() - started) / 1000);
}

async function seed(client: pg.Client) {
  const started = performance.now();
  await client.query("alter table waitlist_users disable trigger waitlist_users_track_scores");
  await client.query(
    `insert into waitlist_users (email, email_identity, referral_code, points, referrals_made, confirmed_email, confirmed_at, created_at, join_date)
     select 'm' || g || '@bench.example', 'm' || g || '@bench.example', 'code' || g, 10 + 10 * (g % 7), g % 5, true, now(),
            now() - make_interval(secs => g), now() - make_interval(secs => g)
       from generate_series(1, $1) g`,
    [MEMBERS],
  );
  await client.query("insert into leaderboard_score_counts select points, referrals_made, count(*) from waitlist_users group by 1, 2");
  await client.query("alter table waitlist_users enable trigger waitlist_users_track_scores");
  await client.query("vacuum analyze");
  console.log(`seeded ${MEMBERS.toLocaleString("en")} confirmed members in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

function rssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
  } catch {
    return null;
  }
}

/** "heap used / external MB" from the app's own /metrics (open to this machine). */
async function heapOf(app: App): Promise<string> {
  try {
    const text = await (await fetch(`${app.origin}/metrics`, { signal: AbortSignal.timeout(2000) })).text();
    const mb = (name: string) => (Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN) / 1048576).toFixed(0);
    return `heap ${mb("nodejs_heap_size_used_bytes")}, external ${mb("nodejs_external_memory_bytes")}`;
  } catch {
    return "heap -";
  }
}

const unavailable = throwawayClusterUnavailable();
if (unavailable) throw new Error(`no throwaway PostgreSQL 15 cluster: ${unavailable}`);
const cluster = await startThrowawayCluster();
const name = `launchcrew_bench_broadcast_${process.pid}`;
const peer = await startCountingPeer();
console.log(`${os.availableParallelism()} cores (PostgreSQL, both app processes and the SMTP peer share them), Node ${process.version}, PostgreSQL 15 throwaway cluster (fsync off)`);
const apps: App[] = [];
let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  for (const app of apps) await app.stop().catch(() => undefined);
  await peer.stop();
  await runOnServer(cluster.url, `drop database if exists ${name} with (force)`).catch(() => undefined);
  cluster.stop();
  fs.rmSync(UPLOADS_DIR, { recursive: true, force: true });
}
// Stopped by hand (Ctrl-C) or by a supervisor: the throwaway cluster and the app processes go too.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.log(`${signal}: stopping the app processes and the throwaway cluster`);
    void cleanUp().finally(() => process.exit(130));
  });
}
try {
  await runOnServer(cluster.url, `create database ${name}`);
  const url = databaseUrl(cluster.url, name);
  await (await startApp(1, url, UPLOADS_DIR)).stop(); // migrates the new database
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await seed(client);

  // The better of two tries: a try slowed by the machine would flatter the app's share of it.
  const tries = [await peerCeiling(peer.url), await peerCeiling(peer.url)];
  const ceiling = Math.max(...tries);
  console.log(`peer ceiling: nodemailer to the same peer in a loop (${CONNECTIONS} pooled connections, as the app processes open): ${ceiling.toFixed(0)} messages/s (the better of ${tries.map((value) => value.toFixed(0)).join(" and ")})`);
  const prebuilt = await peerCeiling(peer.url, { prebuilt: true });
  console.log(`  for comparison, the peer fed one message built beforehand: ${prebuilt.toFixed(0)} messages/s`);
  peer.perAddress.clear();
  peer.resetCount();

  await client.query(`insert into site_settings (key, value) values ('broadcast_messages_per_minute', $1::jsonb)
    on conflict (key) do update set value = excluded.value`, [JSON.stringify(PACE)]);
  const env = {
    SMTP_URL: peer.url,
    MAIL_FROM: "crew@bench.example",
    BETTER_AUTH_SECRET: "bench-secret-".padEnd(48, "x"),
    SHIPPING_ADDRESS_KEY: Buffer.alloc(32, 7).toString("base64"),
  };
  for (let i = 0; i < APP_PROCESSES; i++) apps.push(await startApp(1, url, UPLOADS_DIR, env));

  const started = performance.now();
  // CPU seconds spent while sending: the app processes (the killed ones' until the kill), PostgreSQL, this process (the peer).
  const appCpuAtStart = new Map(apps.map((app) => [app.pid, treeCpuSeconds(app.pid)]));
  const appCpu = new Map<number, number>();
  const sampleAppCpu = () => apps.forEach((app) => appCpu.set(app.pid, Math.max(appCpu.get(app.pid) ?? 0, treeCpuSeconds(app.pid))));
  const cpuAtStart = { database: treeCpuSeconds(cluster.postmasterPid()), own: ownCpuSeconds() };
  const created = await client.query<{ id: string }>(`
    insert into broadcasts (subject, html, audience, status, audience_count)
    values ('News for {{CREW_NAME}}', '<p>Hello {{CREW_NAME}}: you have {{POINTS}} points and you are {{PLACE_IN_LINE}} in line.</p><p>Bring a friend: {{REFERRAL_LINK}}</p>',
            '{"kind":"confirmed"}', 'sending', $1) returning id`, [MEMBERS]);
  const id = created.rows[0]!.id;

  const rss: Record<number, number[]> = {};
  let queuedSeconds: number | null = null;
  let killedAt: number | null = null;
  let restarted = false;
  let lastReport = 0;
  // Counting a million outbox rows costs the database real work, so the state is read every
  // POLL_SECONDS; RSS is sampled every second.
  let lastPoll = -Infinity;
  let row = { status: "sending", queued: false, sent: 0, pending: MEMBERS };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const seconds = (performance.now() - started) / 1000;
    sampleAppCpu();
    for (const app of apps) {
      const mb = rssMb(app.pid);
      if (mb !== null) (rss[app.pid] ??= []).push(mb);
    }
    if (seconds - lastPoll < POLL_SECONDS) continue;
    lastPoll = seconds;
    const state = await client.query<{ status: string; queued: boolean; sent: number; pending: number }>(`
      select b.status, b.queued_at is not null as queued,
             (select count(*)::integer from email_outbox where broadcast_id = b.id and status = 'sent') as sent,
             (select count(*)::integer from email_outbox where broadcast_id = b.id and status = 'pending') as pending
        from broadcasts b where b.id = $1`, [id]);
    row = state.rows[0]!;
    if (row.queued && queuedSeconds === null) {
      queuedSeconds = seconds;
      console.log(`every message queued after ${seconds.toFixed(1)} s`);
    }
    if (killedAt === null && row.sent >= MEMBERS * KILL_AT) {
      for (const app of apps) process.kill(app.pid, "SIGKILL");
      killedAt = seconds;
      console.log(`killed every app process (SIGKILL) at ${seconds.toFixed(1)} s with ${row.sent.toLocaleString("en")} marked sent, the peer having ${peer.complete().toLocaleString("en")}`);
    }
    if (killedAt !== null && !restarted && seconds - killedAt >= 5) {
      for (let i = 0; i < apps.length; i++) apps[i] = await startApp(1, url, UPLOADS_DIR, env);
      restarted = true;
      console.log(`started them again at ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    if (seconds - lastReport >= 30) {
      lastReport = seconds;
      const rssNow = apps.map((app) => rssMb(app.pid)?.toFixed(0) ?? "-").join(", ");
      const heaps = (await Promise.all(apps.map(heapOf))).join("; ");
      console.log(`  ${seconds.toFixed(0)} s: ${row.sent.toLocaleString("en")} sent, ${row.pending.toLocaleString("en")} waiting, peer has ${peer.complete().toLocaleString("en")}; app RSS ${rssNow} MB (${heaps})`);
    }
    if (row.status === "finished") break;
  }
  const seconds = (performance.now() - started) / 1000;
  sampleAppCpu();
  const cpu = {
    apps: [...appCpu].reduce((sum, [pid, value]) => sum + value - (appCpuAtStart.get(pid) ?? 0), 0),
    database: treeCpuSeconds(cluster.postmasterPid()) - cpuAtStart.database,
    peer: ownCpuSeconds() - cpuAtStart.own,
  };
  const rate = MEMBERS / seconds;
  console.log(`broadcast finished after ${seconds.toFixed(1)} s: ${rate.toFixed(0)} messages/s overall = ${(rate / (PACE / 60)).toFixed(3)} of the pace (${PACE.toLocaleString("en")}/min) and ${(rate / ceiling).toFixed(3)} of the peer's ceiling`);
  // Without the app's start-up and the job's and this loop's once-a-second looks: what a
  // short run (20,000) can show of the rate.
  const peerSeconds = (peer.span.last - peer.span.first) / 1000;
  const peerRate = peer.complete() / peerSeconds;
  console.log(`  at the peer, from the first message to the last: ${peerSeconds.toFixed(1)} s, ${peerRate.toFixed(0)} messages/s = ${(peerRate / ceiling).toFixed(3)} of the peer's ceiling`);
  const perThousand = (value: number) => ((value / MEMBERS) * 1000).toFixed(2);
  console.log(`  CPU while sending: app processes ${cpu.apps.toFixed(0)} s, PostgreSQL ${cpu.database.toFixed(0)} s, the peer (this process) ${cpu.peer.toFixed(0)} s, of ${(seconds * os.availableParallelism()).toFixed(0)} core-seconds; per 1,000 messages ${perThousand(cpu.apps)}, ${perThousand(cpu.database)}, ${perThousand(cpu.peer)} s`);
  const taken = await client.query<{ taken_over: number }>("select taken_over from broadcasts where id = $1", [id]);
  console.log(`  messages taken over after the kill (their lease ran out): ${Number(taken.rows[0]?.taken_over ?? 0).toLocaleString("en")}`);
  for (const [pid, samples] of Object.entries(rss)) {
    const steady = samples.slice(Math.min(10, Math.floor(samples.length / 4)));
    if (steady.length === 0) continue;
    console.log(`  app pid ${pid}: RSS ${Math.min(...steady).toFixed(0)}–${Math.max(...steady).toFixed(0)} MB after warm-up (${steady.length} samples)`);
  }
  let once = 0;
  let more = 0;
  let repeats = 0;
  for (const ids of peer.perAddress.values()) {
    const distinct = new Set(ids).size;
    if (distinct === 1) once++;
    else more++;
    repeats += ids.length - distinct;
  }
  const none = MEMBERS - once - more;
  console.log(`counted at the peer: ${once.toLocaleString("en")} members got exactly one distinct Message-ID, ${none} none, ${more} more than one distinct; ${repeats.toLocaleString("en")} repeats of a Message-ID already received`);
  console.log(`  (connections reset at the peer, the killed process's: ${peer.resets()})`);
  const outcome = await client.query<{ status: string; n: number }>("select status, count(*)::integer as n from email_outbox where broadcast_id = $1 group by status", [id]);
  console.log(`  outbox: ${outcome.rows.map((row) => `${row.n.toLocaleString("en")} ${row.status}`).join(", ")}`);
  await client.end();
  if (none !== 0 || more !== 0) process.exitCode = 1;
} finally {
  await cleanUp();
}
