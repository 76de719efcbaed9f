import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../../db/schema";
import { getEnv } from "./env.server";
import { log } from "./log.server";
import { retryReadsOnce } from "./db/retry-reads.server";
import { applyFunctionFiles } from "./db/function-files.server";
import { ADVISORY_LOCKS } from "./advisory-locks";

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: helpers that join a transaction take this. */
export type Executor = Database | Transaction;

type Connection =
  | { kind: "pglite"; db: Database; pglite: PGlite }
  | { kind: "pg"; db: Database; pool: pg.Pool; url: string };

const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "db/migrations");

function connect(): Connection {
  const env = getEnv();
  if (env.DATABASE_URL) {
    const pool = new pg.Pool({
      connectionString: env.DATABASE_URL,
      max: Number(process.env.DB_POOL_MAX ?? 10),
      // A database that is down or frozen answers fast with an error instead of hanging requests.
      connectionTimeoutMillis: 5_000,
      statement_timeout: 15_000,
      idle_in_transaction_session_timeout: 30_000,
    });
    // An idle client whose server went away (restart: 57P01) must not crash the process;
    // the pool drops it and connects afresh on the next query.
    pool.on("error", (error) => log.warn("idle database connection lost", { error }));
    // The same for a connection that is checked out between two statements (inside a
    // transaction): its query fails, the pool drops it on release, the process lives on.
    pool.on("connect", (client) => client.on("error", (error) => log.warn("database connection lost", { error })));
    retryReadsOnce(pool);
    return { kind: "pg", db: drizzlePg({ client: pool, schema }), pool, url: env.DATABASE_URL };
  }
  if (!env.PGLITE_DIR.includes("://")) fs.mkdirSync(env.PGLITE_DIR, { recursive: true });
  const pglite = new PGlite(env.PGLITE_DIR);
  // The pglite driver has its own result types; its query builder API is the same.
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
  return { kind: "pglite", db, pglite };
}

const globalForDb = globalThis as unknown as { launchcrewConnection?: Connection };

/**
 * Makes `pglite` this process's database instead of opening PGLITE_DIR: the test setup
 * starts each test file from a copy of a database migrated once for the run.
 */
export function openPglite(pglite: PGlite): void {
  globalForDb.launchcrewConnection = { kind: "pglite", db: drizzlePglite({ client: pglite, schema }) as unknown as Database, pglite };
}

export function getConnection(): Connection {
  globalForDb.launchcrewConnection ??= connect();
  return globalForDb.launchcrewConnection;
}

/** The one Drizzle client of this process. */
export const db: Database = new Proxy({} as Database, {
  get(_target, property) {
    const real = getConnection().db as unknown as Record<PropertyKey, unknown>;
    const value = real[property];
    return typeof value === "function" ? value.bind(real) : value;
  },
});

/**
 * Applies pending migrations, then the function files whose text changed (ADR 0034);
 * several processes may call it at once on a server.
 */
export async function migrateDatabase(): Promise<void> {
  const connection = getConnection();
  if (connection.kind === "pglite") {
    await migratePglite(connection.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    await logAppliedFunctions(applyFunctionFiles(connection.db));
    return;
  }
  const client = await connection.pool.connect();
  try {
    // Migrations (and waiting for another process's) may outlast the request statement timeout.
    await client.query("set statement_timeout = 0");
    await client.query("select pg_advisory_lock($1)", [ADVISORY_LOCKS.migrations]);
    const locked = drizzlePg({ client, schema });
    await migratePg(locked, { migrationsFolder: MIGRATIONS_FOLDER });
    await logAppliedFunctions(applyFunctionFiles(locked));
  } finally {
    await client.query("select pg_advisory_unlock($1)", [ADVISORY_LOCKS.migrations]).catch(() => undefined);
    // Back to the pool's defaults (statement timeout included) for whoever gets this client next.
    await client.query("reset statement_timeout").catch(() => undefined);
    client.release();
  }
}

async function logAppliedFunctions(applying: ReturnType<typeof applyFunctionFiles>): Promise<void> {
  const { applied, dropped } = await applying;
  if (applied.length > 0 || dropped.length > 0) log.info("database functions applied", { applied, dropped });
}

export async function closeDatabase(): Promise<void> {
  const connection = globalForDb.launchcrewConnection;
  if (!connection) return;
  globalForDb.launchcrewConnection = undefined;
  if (connection.kind === "pglite") await connection.pglite.close();
  else await connection.pool.end();
}

type PostgresErrorFields = { code?: string; constraint?: string };

/** The SQLSTATE (and constraint) of a Postgres error, looking through Drizzle's wrapper. */
export function postgresError(error: unknown): PostgresErrorFields {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const fields = current as PostgresErrorFields & { cause?: unknown };
    if (typeof fields.code === "string" && /^[0-9A-Z]{5}$/.test(fields.code)) return { code: fields.code, constraint: fields.constraint };
    current = fields.cause;
  }
  return {};
}

const RETRYABLE_CODES = new Set(["40001", "40P01"]); // serialization failure, deadlock detected

function isDeadlockOrSerializationFailure(error: unknown): boolean {
  return RETRYABLE_CODES.has(postgresError(error).code ?? "");
}

type RetryOptions = { attempts?: number; isRetryable?: (error: unknown) => boolean };

/**
 * Runs `work` (one statement, or a whole transaction), again when Postgres aborts it for
 * a deadlock or a serialization failure (or whatever `isRetryable` adds), so a busy
 * moment never loses an accepted request.
 */
export async function retryWhenAborted<T>(work: () => Promise<T>, { attempts = 5, isRetryable = isDeadlockOrSerializationFailure }: RetryOptions = {}): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** Runs `work` in a transaction, retried as `retryWhenAborted` says. */
export async function runTransaction<T>(work: (tx: Transaction) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  return retryWhenAborted(() => db.transaction(work), options);
}
