import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../../../tests/db-reset";
import { db } from "../../../kernel/db.server";
import { getMemberStanding } from "../../leaderboard/leaderboard.server";
import { joinBatchSize } from "../../metrics.server";
import { sumLedger } from "../../points/points.server";
import { saveSiteSettings } from "../../settings/settings.server";
import { callJoinBatch, type JoinRequestRecord, type JoinResultRecord } from "./join-record.server";
import { joinWaitlist } from "./create-members.server";
import { getMemberByEmail } from "../members.server";

// Joins that arrive together go to the database together (ADR 0038): these tests send
// bursts through joinWaitlist, as the waitlist form does, and check each answer and the
// totals; and they call waitlist_join_batch directly for what only two processes do.
beforeEach(async () => {
  await resetDatabase();
  // Credit at join and fair-play limits off: these tests are about the credit itself.
  await saveSiteSettings({ referralCreditMode: "join", referralBurstLimit: 1000, referralDailyCap: 10_000 }, null);
});

async function batchesSent(): Promise<number> {
  const { values } = await joinBatchSize.get();
  return values.find((value) => value.metricName === "launchcrew_join_batch_size_count")?.value ?? 0;
}

/** Members whose rank (the score counts, ADR 0038) differs from a count over the members table. */
async function ranksOffByCount() {
  const result = await db.execute(sql`
    select m.email from waitlist_users m
     where not m.is_blocked
       and (1 + coalesce((select sum(s.members) from leaderboard_scores s where (s.points, s.referrals_made) > (m.points, m.referrals_made)), 0))
        <> (1 + (select count(*) from waitlist_users o where not o.is_blocked and (o.points, o.referrals_made) > (m.points, m.referrals_made)))`);
  return result.rows;
}

/** Members whose points are not the sum of their ledger rows. */
async function ledgerMismatches() {
  const result = await db.execute(sql`
    select m.email from waitlist_users m
     where m.points <> (select coalesce(sum(l.delta), 0) from points_ledger l where l.member_id = m.id)`);
  return result.rows;
}

describe("a burst of joins", () => {
  it("credits 500 friends of one referrer exactly once each: ledger = points, ranks exact", async () => {
    const referrer = await joinWaitlist({ email: "popular@example.com" });
    const friends = await Promise.all(
      Array.from({ length: 500 }, (_, index) => joinWaitlist({ email: `friend${index}@example.com`, referralCode: referrer.member.referralCode })),
    );
    expect(friends.filter((friend) => friend.isNewMember && friend.referral === "credited" && friend.member.points === 15)).toHaveLength(500);
    expect(await getMemberByEmail("popular@example.com")).toMatchObject({ points: 10 + 500 * 10, referralsMade: 500 });
    expect(await sumLedger(referrer.member.id)).toBe(10 + 500 * 10);
    expect(await ledgerMismatches()).toEqual([]);
    expect(await ranksOffByCount()).toEqual([]);
    expect((await getMemberStanding(referrer.member.id))?.rank).toBe(1);
  });

  it("goes to the database in batches, each join answered with its own member and credited exactly", async () => {
    const referrers = await Promise.all(Array.from({ length: 30 }, (_, index) => joinWaitlist({ email: `host${index}@example.com` })));
    const before = await batchesSent();
    const joins = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        joinWaitlist({ email: `guest${index}@example.com`, referralCode: referrers[index % 30]!.member.referralCode, network: `10.0.${index}.0/24` }),
      ),
    );
    expect(await batchesSent() - before).toBeLessThan(300);
    joins.forEach((join, index) => expect(join.member.email).toBe(`guest${index}@example.com`));
    expect(new Set(joins.map((join) => join.member.id)).size).toBe(300);
    expect(joins.every((join) => join.isNewMember && join.referral === "credited")).toBe(true);
    for (const [index, referrer] of referrers.entries()) {
      expect(await getMemberByEmail(`host${index}@example.com`)).toMatchObject({ points: 10 + 10 * 10, referralsMade: 10 });
      expect(await sumLedger(referrer.member.id)).toBe(110);
    }
    expect(await ledgerMismatches()).toEqual([]);
    expect(await ranksOffByCount()).toEqual([]);
  });

  it("lets members sent in one batch join in the order they arrived (the leaderboard's tie-break)", async () => {
    const joins = await Promise.all(Array.from({ length: 12 }, (_, index) => joinWaitlist({ email: `queue${index}@example.com` })));
    const joinedAt = joins.map((join) => join.member.joinDate.getTime());
    expect(joinedAt).toEqual([...joinedAt].sort((a, b) => a - b));
    const order = await db.execute<{ email: string }>(sql`select email from waitlist_users order by points desc, referrals_made desc, created_at, id`);
    expect(order.rows.map((row) => row.email)).toEqual(joins.map((join) => join.member.email));
  });

  it("keeps posts by one person apart: one new member, the others answered as that returning member", async () => {
    const spellings = ["Ada.Lovelace@Gmail.com", "adalovelace@gmail.com", "ada.lovelace+crew@gmail.com", "ADA.LOVELACE@gmail.com"];
    const joins = await Promise.all([
      ...Array.from({ length: 20 }, (_, index) => joinWaitlist({ email: spellings[index % spellings.length]! })),
      ...Array.from({ length: 20 }, (_, index) => joinWaitlist({ email: `other${index}@example.com` })),
    ]);
    const ada = joins.slice(0, 20);
    expect(ada.filter((join) => join.isNewMember)).toHaveLength(1);
    expect(new Set(ada.map((join) => join.member.id)).size).toBe(1);
    expect(joins.slice(20).every((join) => join.isNewMember)).toBe(true);
    const counted = await db.execute<{ n: number }>(sql`select count(*)::integer as n from email_outbox where kind = 'welcome'`);
    expect(counted.rows[0]!.n).toBe(21);
  });

  it("fails a join the database cannot store alone: the others sent with it join", async () => {
    const joins = await Promise.allSettled([
      ...Array.from({ length: 10 }, (_, index) => joinWaitlist({ email: `fine${index}@example.com` })),
      // Not a share channel the members table accepts (its CHECK refuses it).
      joinWaitlist({ email: "broken@example.com", via: "carrier-pigeon" as never }),
    ]);
    expect(joins.slice(0, 10).every((join) => join.status === "fulfilled" && join.value.isNewMember)).toBe(true);
    expect(joins[10]?.status).toBe("rejected");
    expect(await getMemberByEmail("broken@example.com")).toBeNull();
  });
});

/** A request as joinWaitlist builds it, for calling waitlist_join_batch directly. */
function requestFor(email: string, fields: Partial<JoinRequestRecord> = {}): JoinRequestRecord {
  return {
    challenge_signature: null,
    challenge_expires_at: null,
    limit_keys: [],
    limit_counts: [],
    limit_windows: [],
    id: randomUUID(),
    email,
    identity: email,
    code: `c${randomUUID().replaceAll("-", "").slice(0, 12)}`,
    signup_points: 10,
    refuse: false,
    referral_code: null,
    device: null,
    country: null,
    network: null,
    via: null,
    device_member_id: null,
    mode: "join",
    alias: false,
    disposable: false,
    burst_limit: 10_000,
    daily_cap: 100_000,
    referrer_points: 10,
    friend_points: 5,
    joined_at: null,
    tags: null,
    notes: null,
    confirmed: null,
    blocked: null,
    welcome: null,
    age_band: null,
    consent_method: null,
    notice_version: null,
    confirm_consent_after_seconds: null,
    language: null,
    under_age_key: null,
    consent_country: null,
    consent_age: null,
    ...fields,
  };
}

function joinBatch(requests: JoinRequestRecord[]): Promise<JoinResultRecord[]> {
  return callJoinBatch(db, requests);
}

const noJs = (ip: string) => ({ limit_keys: [`join:no-js:network:${ip}`, `signup:network:${ip}`], limit_counts: [5, 60], limit_windows: [3600, 600] });
const withJs = (ip: string) => ({ limit_keys: [`signup:network:${ip}`], limit_counts: [60], limit_windows: [600] });

describe("waitlist_join_batch", () => {
  it("never deadlocks two batches that take the same referrers and rate-limit rows in opposite orders", async () => {
    const [first, second] = await Promise.all([joinWaitlist({ email: "first@example.com" }), joinWaitlist({ email: "second@example.com" })]);
    const codes = [first.member.referralCode, second.member.referralCode];
    for (let round = 0; round < 25; round++) {
      // No retry: a deadlock would surface here as an error.
      const answers = await Promise.all([
        joinBatch([
          requestFor(`a${round}@example.com`, { ...noJs("192.0.2.1"), referral_code: codes[0]! }),
          requestFor(`b${round}@example.com`, { ...withJs("192.0.2.2"), referral_code: codes[1]! }),
        ]),
        joinBatch([
          requestFor(`c${round}@example.com`, { ...noJs("192.0.2.2"), referral_code: codes[1]! }),
          requestFor(`d${round}@example.com`, { ...withJs("192.0.2.1"), referral_code: codes[0]! }),
        ]),
      ]);
      expect(answers.flat().map((row) => row.outcome)).toEqual(round < 5 ? ["joined", "joined", "joined", "joined"] : ["limited", "joined", "limited", "joined"]);
    }
    expect(await getMemberByEmail("first@example.com")).toMatchObject({ referralsMade: 30 });
    expect(await ledgerMismatches()).toEqual([]);
  });

  it("refuses the request over its limit alone, counting neither its later limit nor anything else", async () => {
    await db.execute(sql`insert into rate_limits (key, hits, window_started_at) values ('join:no-js:network:192.0.2.9', 5, now())`);
    const answers = await joinBatch([requestFor("limited@example.com", noJs("192.0.2.9")), requestFor("free@example.com", noJs("192.0.2.10"))]);
    expect(answers.map((row) => [row.outcome, row.refused_limit])).toEqual([
      ["limited", 1],
      ["joined", null],
    ]);
    expect(answers[0]!.retry_after).toBeGreaterThan(3000);
    const hits = await db.execute<{ key: string; hits: number }>(sql`select key, hits from rate_limits where hits > 0 order by key`);
    expect(hits.rows.map((row) => [row.key, Number(row.hits)])).toEqual([
      ["join:no-js:network:192.0.2.10", 1],
      ["join:no-js:network:192.0.2.9", 6],
      ["signup:network:192.0.2.10", 1],
    ]);
    expect(await getMemberByEmail("limited@example.com")).toBeNull();
  });

  it("answers each request of a mixed batch with its own outcome", async () => {
    const listed = await joinWaitlist({ email: "listed@example.com" });
    const answers = await joinBatch([
      requestFor("listed@example.com"),
      requestFor("someone@mailinator.com", { refuse: true }),
      requestFor("taken@example.com", { code: listed.member.referralCode }),
      requestFor("new@example.com", { referral_code: listed.member.referralCode, mode: "confirm" }),
    ]);
    expect(answers.map((row) => [row.outcome, row.referral, row.email])).toEqual([
      ["existing", null, "listed@example.com"],
      ["throwaway", null, null],
      ["code_taken", null, null],
      ["joined", "pending", "new@example.com"],
    ]);
  });
});
