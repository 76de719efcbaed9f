import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { purgeExpiredData } from "./purge.server";

beforeEach(async () => {
  await resetDatabase();
});

async function count(statement: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute<{ n: number }>(statement);
  return Number(result.rows[0]?.n ?? 0);
}

describe("purging expired data", () => {
  it("removes expired limits, verifications, sessions, old sent e-mail bodies and used bot challenges, week-old unimported CSV checks, and keeps the rest", async () => {
    await db.execute(sql`insert into rate_limits (key, hits, window_started_at) values
      ('old', 3, now() - interval '3 days'), ('current', 1, now())`);
    await db.execute(sql`insert into verifications (id, identifier, value, expires_at) values
      ('v-old', 'a', 'x', now() - interval '1 minute'), ('v-new', 'b', 'y', now() + interval '10 minutes')`);
    await db.execute(sql`insert into users (id, name, email) values ('u1', 'Crew', 'crew@example.com')`);
    await db.execute(sql`insert into sessions (id, token, user_id, expires_at) values
      ('s-old', 't-old', 'u1', now() - interval '1 hour'), ('s-new', 't-new', 'u1', now() + interval '1 day')`);
    await db.execute(sql`insert into email_outbox (kind, to_address, subject, html, text, status, sent_at, created_at) values
      ('magic_link', 'a@example.com', 'old link', '<a href="/verify?token=1">x</a>', 'token=1', 'sent', now() - interval '2 days', now() - interval '2 days'),
      ('magic_link', 'b@example.com', 'new link', '<a>y</a>', 'y', 'sent', now(), now()),
      ('welcome', 'c@example.com', 'waiting', '<p>z</p>', 'z', 'pending', null, now() - interval '2 days')`);
    await db.execute(sql`insert into used_bot_challenges (signature, expires_at) values
      ('expired', now() - interval '1 second'), ('current', now() + interval '9 minutes')`);
    await db.execute(sql`insert into member_imports (file_name, status, created_at) values
      ('stale.csv', 'checked', now() - interval '8 days'), ('fresh.csv', 'checked', now()), ('done.csv', 'imported', now() - interval '30 days')`);

    expect(await purgeExpiredData()).toEqual({ rateLimits: 1, verifications: 1, sessions: 1, emailBodies: 1, usedBotChallenges: 1, unstartedImports: 1 });

    expect(await count(sql`select count(*)::integer as n from rate_limits where key = 'current'`)).toBe(1);
    expect(await count(sql`select count(*)::integer as n from rate_limits`)).toBe(1);
    expect(await count(sql`select count(*)::integer as n from verifications`)).toBe(1);
    expect(await count(sql`select count(*)::integer as n from sessions where id = 's-new'`)).toBe(1);
    expect(await count(sql`select count(*)::integer as n from sessions`)).toBe(1);
    const bodies = await db.execute<{ subject: string; html: string; text: string }>(sql`select subject, html, text from email_outbox order by id`);
    expect(bodies.rows).toEqual([
      { subject: "old link", html: "", text: "" },
      { subject: "new link", html: "<a>y</a>", text: "y" },
      { subject: "waiting", html: "<p>z</p>", text: "z" },
    ]);
    expect(await count(sql`select count(*)::integer as n from used_bot_challenges where signature = 'current'`)).toBe(1);
    expect(await count(sql`select count(*)::integer as n from member_imports`)).toBe(2);
    expect(await purgeExpiredData()).toEqual({ rateLimits: 0, verifications: 0, sessions: 0, emailBodies: 0, usedBotChallenges: 0, unstartedImports: 0 });
  });
});
