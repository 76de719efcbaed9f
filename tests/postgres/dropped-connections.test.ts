import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";

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
