import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../db/schema";

/**
 * Runs `work` while this process's database is one that cannot be reached (a port nobody
 * listens on): every query fails as it does when the server is down (ECONNREFUSED). Not a
 * mock of our code — the real driver meets a real refused connection.
 */
export async function whileDatabaseIsDown<T>(work: () => Promise<T>): Promise<T> {
  const holder = globalThis as unknown as { launchcrewConnection?: unknown };
  const saved = holder.launchcrewConnection;
  const url = "postgres://nobody@127.0.0.1:9/down";
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 1_000 });
  pool.on("error", () => undefined);
  holder.launchcrewConnection = { kind: "pg", db: drizzle({ client: pool, schema }), pool, url };
  try {
    return await work();
  } finally {
    holder.launchcrewConnection = saved;
    await pool.end();
  }
}
