import { count } from "drizzle-orm";
import { seedDemoContent } from "../../db/seed";
import { siteSettings } from "../../db/schema";
import { closeDatabase, db, getConnection, migrateDatabase } from "../kernel/db.server";
import { checkClassConflicts } from "./dev/class-conflicts.server";
import { seedsDemo } from "./dev/seeds-demo";
import { getEnv } from "../kernel/env.server";
import { getAuth } from "./auth/auth.server";
import { resolveShippingAddressKey } from "./prizes/address-crypto.server";
import { startPrizeAddressJob } from "./prizes/prize-claims.server";
import { createTransport } from "./email/transport.server";
import { BULK_LANES } from "./email/bulk-sender.server";
import { startOutboxWorker } from "./email/worker.server";
import { startBroadcastJob } from "./launch/broadcasts/broadcast-queue.server";
import { BROADCAST_MAX_LANES } from "./launch/broadcasts/broadcast-lanes";
import { startBroadcastSender } from "./launch/broadcasts/broadcast-sender.server";
import { log } from "../kernel/log.server";
import { startPurgeJob } from "./maintenance/purge.server";
import { startConsentScheduleJob } from "./consent/consent-schedule.server";
import { startRetentionJob } from "./privacy/retention.server";
import { getStorage } from "./storage/storage.server";
import { startSeasonJob } from "./seasons/season-freeze.server";
import { startWebhookWorker } from "./webhooks/delivery.server";
import { startImportWorker } from "./imports/import-run.server";
import { startScoreFoldJob } from "./leaderboard/score-fold.server";
import { stopNotifications } from "./realtime/notifications.server";

type Stoppable = { stop: () => Promise<void> | void };
const running: Stoppable[] = [];

async function isFreshDatabase(): Promise<boolean> {
  const [row] = await db.select({ settings: count() }).from(siteSettings);
  return (row?.settings ?? 0) === 0;
}

/** Runs once per process before it accepts requests: migrate, seed a fresh demo database, start workers. */
export async function boot(): Promise<void> {
  const env = getEnv();
  if (env.CHECK_CLASS_CONFLICTS) await checkClassConflicts();
  const started = Date.now();
  const connection = getConnection();
  await migrateDatabase();
  log.info("database ready", { kind: connection.kind, ms: Date.now() - started });

  if (seedsDemo(process.env) && (await isFreshDatabase())) {
    await seedDemoContent();
    log.info("seeded demo content on a fresh database");
  }

  getAuth(); // fails fast on a missing secret
  resolveShippingAddressKey(env); // and on a missing shipping-address key
  const storage = getStorage();
  await storage.check(); // and on a missing bucket or refused credentials, not at the first upload
  log.info("uploads storage ready", { storage: storage.description });
  registerBackgroundTask(startOutboxWorker({ urgent: createTransport(env, { maxConnections: 1 }), bulk: createTransport(env, { maxConnections: BULK_LANES }) }));
  registerBackgroundTask(startBroadcastSender(createTransport(env, { maxConnections: BROADCAST_MAX_LANES })));
  registerBackgroundTask(startBroadcastJob());
  registerBackgroundTask(startPurgeJob());
  registerBackgroundTask(startSeasonJob());
  registerBackgroundTask(startPrizeAddressJob());
  registerBackgroundTask(startWebhookWorker());
  registerBackgroundTask(startImportWorker());
  registerBackgroundTask(startScoreFoldJob());
  registerBackgroundTask(startConsentScheduleJob());
  registerBackgroundTask(startRetentionJob());
}

export function registerBackgroundTask(task: Stoppable): void {
  running.push(task);
}

export async function shutdown(): Promise<void> {
  for (const task of running.splice(0)) await task.stop();
  await stopNotifications();
  await closeDatabase();
}
