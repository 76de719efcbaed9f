// The database of an in-process bench: a scratch database next to BENCH_DATABASE_URL's
// (created now, dropped by `drop`), or an in-memory PGlite when that is unset. Call it
// before importing app modules: they read DATABASE_URL / PGLITE_DIR when first used.
import pg from "pg";

export type ScratchDatabase = { label: "PostgreSQL" | "PGlite"; drop: () => Promise<void> };

async function onServer(serverUrl: string, query: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(query);
  await admin.end();
}

export async function openScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  process.env.NODE_ENV ??= "test";
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = "memory://";
    return { label: "PGlite", drop: async () => undefined };
  }
  const name = `${prefix}_${process.pid}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  return { label: "PostgreSQL", drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}
