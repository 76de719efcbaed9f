// A PostgreSQL database of a spec's own: a fresh one on the TEST_DATABASE_URL server
// (dropped afterwards), or else a throwaway cluster (throwaway-postgres.ts).
import pg from "pg";
import { startThrowawayCluster, throwawayClusterUnavailable } from "./throwaway-postgres";

export type FreshDatabase = { url: string; drop: () => Promise<void> };

/** Why no database can be had here, or null when one can. */
export function freshDatabaseUnavailable(): string | null {
  if (process.env.TEST_DATABASE_URL) return null;
  const reason = throwawayClusterUnavailable();
  return reason && `no PostgreSQL: TEST_DATABASE_URL is unset and a throwaway cluster cannot run (${reason})`;
}

/** Runs one statement on the server at `serverUrl` with a connection of its own. */
export async function runOnServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createFreshDatabase(): Promise<FreshDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const cluster = await startThrowawayCluster();
    return { url: cluster.url, drop: async () => cluster.stop() };
  }
  const name = `launchcrew_e2e_${Date.now()}_${process.pid}`;
  await runOnServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`) };
}
