import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/kernel/db.server";
import { JOIN_REQUEST_ATTRIBUTES, JOIN_RESULT_COLUMNS } from "./join-record.server";

// The TypeScript request and result of a join are the SQL function's, name for name and
// type for type: a column added on one side only fails here.
describe("the join's record types", () => {
  it("match waitlist_join_request's attributes", async () => {
    const { rows } = await db.execute<{ name: string; type: string }>(sql`
      select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
       where attrelid = 'waitlist_join_request'::regclass and attnum > 0 and not attisdropped order by attnum`);
    expect(rows.map((row) => [row.name, row.type])).toEqual(Object.entries(JOIN_REQUEST_ATTRIBUTES));
  });

  it("match waitlist_join_batch's arguments and result columns", async () => {
    const { rows } = await db.execute<{ args: string; result: string }>(sql`
      select pg_get_function_arguments('waitlist_join_batch'::regproc) as args, pg_get_function_result('waitlist_join_batch'::regproc) as result`);
    expect(rows[0]?.args).toBe("p_requests jsonb");
    expect(rows[0]?.result).toBe(`TABLE(${Object.entries(JOIN_RESULT_COLUMNS).map(([name, type]) => `${name} ${type}`).join(", ")})`);
  });
});
