// The primary of a cluster of HTTP workers (WEB_CONCURRENCY above 1, PostgreSQL only).
// It serves nothing itself: it forks the workers (each runs http-process.js on the shared
// port), replaces one that dies, and on SIGTERM/SIGINT lets every worker stop gracefully
// before it exits.
import cluster from "node:cluster";
import { handleMetricsMessage } from "./cluster-metrics.js";

/** A worker that ran this long before it died starts its slot's backoff afresh. */
const HEALTHY_RUN_MS = 30_000;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
/** Workers drain for up to 10 s, then close the database; one still running after this is killed. */
const STOP_TIMEOUT_MS = 20_000;

function describeExit(code, signal) {
  return signal ? `signal ${signal}` : `code ${code}`;
}

export function runPrimary(count) {
  const slots = Array.from({ length: count }, () => ({ worker: undefined, isListening: false, startedAt: 0, rapidRestarts: 0, restartTimer: undefined }));
  let isAnnounced = false;
  let stopping = false;
  let isEveryExitClean = true;

  function listListeningWorkers() {
    return slots.filter((slot) => slot.isListening).map((slot) => slot.worker);
  }

  function fork(slot, replacing) {
    const worker = cluster.fork();
    Object.assign(slot, { worker, isListening: false, startedAt: Date.now() });
    console.log(`Worker ${worker.process.pid} started${replacing ? ` (replacing ${replacing})` : ""}`);
    worker.on("message", (message) => {
      if (message?.type === "launchcrew:listening") onListening(slot, message.address);
      else handleMetricsMessage(worker, message, listListeningWorkers);
    });
    worker.on("exit", (code, signal) => onExit(slot, worker, code, signal));
  }

  // The first worker boots alone (it runs the migrations, and a configuration error is
  // reported once); the rest follow once it listens.
  function onListening(slot, address) {
    slot.isListening = true;
    if (isAnnounced) {
      console.log(`Worker ${slot.worker.process.pid} listening`);
      return;
    }
    for (const other of slots) if (!other.worker && !other.restartTimer) fork(other);
    if (!slots.every((each) => each.isListening)) return;
    isAnnounced = true;
    console.log(`Launchcrew listening on http://${address.host}:${address.port} (public origin ${address.origin}) with ${count} workers`);
    if (address.isLocalMail) {
      console.log(`Local mail mode (SMTP_URL unset): e-mails go to ${address.origin}/dev/mailbox, and the server listens on loopback only.`);
    }
  }

  function onExit(slot, worker, code, signal) {
    const hasListened = slot.isListening;
    Object.assign(slot, { worker: undefined, isListening: false });
    if (stopping) {
      // Our SIGTERM ends a worker that is still booting at once: it had nothing in flight.
      const isBootCut = !hasListened && signal === "SIGTERM";
      if (code !== 0 && !isBootCut) isEveryExitClean = false;
      if (slots.every((each) => !each.worker)) process.exit(isEveryExitClean ? 0 : 1);
      return;
    }
    if (!isAnnounced && slot === slots[0] && !hasListened && slots.every((each) => !each.worker)) {
      console.error(`Launchcrew could not start: its first worker exited (${describeExit(code, signal)}).`);
      process.exit(code || 1);
    }
    // Backoff doubles while a worker keeps dying soon after it started, so a crash loop never spins.
    slot.rapidRestarts = Date.now() - slot.startedAt < HEALTHY_RUN_MS ? slot.rapidRestarts + 1 : 0;
    const delay = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** slot.rapidRestarts);
    console.warn(`Worker ${worker.process.pid} exited (${describeExit(code, signal)}); starting a replacement in ${delay} ms`);
    slot.restartTimer = setTimeout(() => {
      slot.restartTimer = undefined;
      fork(slot, worker.process.pid);
    }, delay);
  }

  function stop(signal) {
    if (stopping) return;
    stopping = true;
    for (const slot of slots) clearTimeout(slot.restartTimer);
    const running = slots.filter((slot) => slot.worker).map((slot) => slot.worker);
    console.log(`${signal} received, stopping ${running.length} workers`);
    if (running.length === 0) process.exit(0);
    // Each worker finishes its requests in flight (see stop() in http-process.js).
    for (const worker of running) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of running) {
        if (worker.isDead()) continue;
        console.warn(`Worker ${worker.process.pid} still running ${STOP_TIMEOUT_MS / 1000} s after ${signal}, killing it`);
        worker.process.kill("SIGKILL");
      }
    }, STOP_TIMEOUT_MS).unref();
  }

  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  fork(slots[0]);
}
