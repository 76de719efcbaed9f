import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { db } from "~/kernel/db.server";

// What a PostgreSQL restart or failover does to the app's idle pooled connections
// (they are terminated: 57P01): the process keeps running and the next queries work.
describe("dropped database connections", () => {
  it("survives its idle connections being terminated and answers the next queries", async () => {
    // Two connections in the pool, both idle afterwards.
    await Promise.all([db.execute(sql`select pg_sleep(0.05)`), db.execute(sql`select pg_sleep(0.05)`)]);
    const killed = await db.execute<{ killed: number }>(sql`
      select count(pg_terminate_backend(pid))::integer as killed
        from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`);
    expect(Number(killed.rows[0]?.killed)).toBeGreaterThanOrEqual(1);
    // Let the terminated sockets report their errors to the pool.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answers = await Promise.all(Array.from({ length: 5 }, (_, index) => db.execute<{ n: number }>(sql`select ${index}::integer as n`)));
    expect(answers.map((answer) => Number(answer.rows[0]?.n))).toEqual([0, 1, 2, 3, 4]);
  });
});

/** Terminates, from another connection, the backend running the statement that contains `marker`. */
async function terminateStatement(marker: string): Promise<number> {
  const killer = new pg.Client({ connectionString: inject("postgresTestUrl") });
  await killer.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      const result = await killer.query<{ killed: number }>(
        `select count(pg_terminate_backend(pid))::integer as killed from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query like $1`,
        [`%${marker}%`],
      );
      if (Number(result.rows[0]?.killed) > 0) return Number(result.rows[0]?.killed);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return 0;
  } finally {
    await killer.end();
  }
}

describe("a connection dropped mid-statement", () => {
  it("answers a plain read by sending it once more on a fresh connection", async () => {
    // Drizzle queries start when awaited; .then starts this one now.
    const read = db.execute<{ answer: number }>(sql`select 42 as answer, 'read-marker' as marker from pg_sleep(0.5)`).then((result) => result);
    expect(await terminateStatement("read-marker")).toBe(1);
    const result = await read;
    expect(Number(result.rows[0]?.answer)).toBe(42);
  });

  it("does not send a write again: it may have committed", async () => {
    await db.execute(sql`create table if not exists retry_probe (id serial primary key, note text)`);
    const write = db.execute(sql`insert into retry_probe (note) select 'write-marker' from pg_sleep(0.5)`).then(
      () => "answered",
      (error: unknown) => error,
    );
    expect(await terminateStatement("write-marker")).toBe(1);
    expect(await write).toBeInstanceOf(Error);
    const rows = await db.execute<{ count: number }>(sql`select count(*)::integer as count from retry_probe`);
    expect(Number(rows.rows[0]?.count)).toBe(0);
  });
});
