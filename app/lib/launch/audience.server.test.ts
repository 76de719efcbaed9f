import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { pointsLedger, users, waitlistUsers } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { crewNameOf } from "../crew-names/crew-name";
import { db } from "../../kernel/db.server";
import { isAppError } from "../../kernel/errors";
import { getCurrentSeason } from "../seasons/season-leaderboard.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import type { Audience } from "./audience";
import { audienceMembersQuery, countAudience, resolveAudience, sampleAudience } from "./audience.server";

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
});

const names = new Map<string, string>();

async function member(localPart: string, { points = 0, tags = [] as string[], confirmed = true, blocked = false } = {}) {
  const { member: joined } = await joinWaitlist({ email: `${localPart}@example.com` });
  await db.update(waitlistUsers).set({ points, tags, confirmedEmail: confirmed, isBlocked: blocked }).where(eq(waitlistUsers.id, joined.id));
  names.set(joined.id, localPart);
  return joined;
}

/** The audience's members by local part, in the order the query gives them. */
async function membersOf(audience: Audience): Promise<string[]> {
  const { audience: resolved } = await resolveAudience(audience);
  const result = await db.execute<{ member_id: string }>(audienceMembersQuery(resolved));
  return result.rows.map((row) => names.get(row.member_id) ?? row.member_id);
}

async function refusal(audience: Audience): Promise<string> {
  try {
    await resolveAudience(audience);
  } catch (error) {
    if (isAppError(error)) return `${error.code}: ${error.userMessage}`;
    throw error;
  }
  throw new Error("the audience was accepted");
}

describe("audience members", () => {
  it("takes the top of the all-time board in its order, never a blocked member", async () => {
    await member("low", { points: 5 });
    await member("high", { points: 90 });
    await member("blocked", { points: 500, blocked: true });
    await member("mid", { points: 40, confirmed: false });
    await member("tie.later", { points: 5 });
    expect(await membersOf({ kind: "top_all_time", count: 3 })).toEqual(["high", "mid", "low"]);
    expect(await countAudience({ kind: "top_all_time", count: 10 })).toBe(4);
  });

  it("takes this month's top from the season board, pinning the month", async () => {
    const quiet = await member("quiet");
    const busy = await member("busy");
    const blocked = await member("blocked", { blocked: true });
    // Only ledger rows count for a season; a bare points column does not.
    await db.insert(pointsLedger).values([
      { memberId: busy.id, delta: 30, reason: "admin_adjustment" },
      { memberId: quiet.id, delta: 10, reason: "admin_adjustment" },
      { memberId: blocked.id, delta: 99, reason: "admin_adjustment" },
    ]);
    const { audience, count } = await resolveAudience({ kind: "top_month", count: 2 });
    expect(audience).toEqual({ kind: "top_month", count: 2, season: (await getCurrentSeason()).season });
    expect(count).toBe(2);
    const first = await db.execute<{ member_id: string }>(audienceMembersQuery(audience));
    expect(first.rows.map((row) => names.get(row.member_id))).toEqual(["busy", "quiet"]);
  });

  it("takes the first to join, everyone confirmed, and a tag without regard to case", async () => {
    await member("first", { tags: ["SuperFan"] });
    await member("second", { confirmed: false, tags: ["artist"] });
    await member("third", { tags: ["superfan"], blocked: true });
    await member("fourth", { tags: ["superfan", "parent"] });
    expect(await membersOf({ kind: "first_joined", count: 2 })).toEqual(["first", "second"]);
    expect((await membersOf({ kind: "confirmed" })).sort()).toEqual(["first", "fourth"]);
    expect((await membersOf({ kind: "tag", tag: "superfan" })).sort()).toEqual(["first", "fourth"]);
  });

  it("takes an uploaded list once per member, and a wave's members", async () => {
    const one = await member("one");
    const two = await member("two");
    const gone = await member("gone", { blocked: true });
    expect((await membersOf({ kind: "members", memberIds: [one.id, two.id, one.id.toUpperCase(), gone.id] })).sort()).toEqual(["one", "two"]);

    const [wave] = (await db.execute<{ id: number }>(sql`insert into waves (name, audience, invited_count) values ('Wave 1', '{"kind":"confirmed"}', 1) returning id`)).rows;
    await db.execute(sql`insert into member_invites (member_id, wave_id) values (${two.id}, ${wave!.id})`);
    expect(await membersOf({ kind: "wave", waveId: Number(wave!.id) })).toEqual(["two"]);
  });

  it("takes a frozen season's confirmed winners, not the rest of its standings", async () => {
    const winner = await member("winner");
    const runnerUp = await member("runner.up");
    await db.execute(sql`insert into seasons (season, time_zone, starts_at, ends_at, winners_confirmed_at)
      values ('2025-04-01', 'UTC', '2025-04-01T00:00Z', '2025-05-01T00:00Z', now())`);
    await db.execute(sql`insert into season_standings (season, position, member_id, points, referrals, rank, prize)
      values ('2025-04-01', 1, ${winner.id}, 50, 2, 1, 'Early access pass'), ('2025-04-01', 2, ${runnerUp.id}, 20, 0, null, null)`);
    expect(await membersOf({ kind: "season_winners", season: "2025-04-01" })).toEqual(["winner"]);
  });

  it("can be used as a subquery, as a broadcast's paged queue does", async () => {
    await member("a", { points: 3 });
    await member("b", { points: 2 });
    await member("c", { points: 1 });
    const result = await db.execute<{ id: string }>(sql`
      select u.id from (${audienceMembersQuery({ kind: "top_all_time", count: 2 })}) a join waitlist_users u on u.id = a.member_id
       where u.id > ${"00000000-0000-0000-0000-000000000000"} order by u.id limit 10`);
    expect(result.rows.map((row) => names.get(row.id)).sort()).toEqual(["a", "b"]);
  });
});

describe("a sample", () => {
  it("shows crew names, points and join dates, highest points first", async () => {
    const star = await member("star", { points: 80 });
    await member("rookie", { points: 1 });
    const sample = await sampleAudience({ kind: "confirmed" }, 1);
    expect(sample).toEqual([{ memberId: star.id, crewName: crewNameOf(star.id, 0), points: 80, joinDate: expect.any(Date) }]);
    expect(JSON.stringify(sample)).not.toContain("star@");
  });
});

describe("segments that name nobody are refused before anything is queued", () => {
  it("says why, for each kind", async () => {
    await member("tagged", { tags: ["artist"] });
    expect(await refusal({ kind: "tag", tag: "ghost" })).toBe('INVALID_INPUT: No crew member has the tag "ghost".');
    expect(await refusal({ kind: "season_winners", season: "2025-03-01" })).toBe("INVALID_INPUT: March 2025 has not finished yet, so it has no winners.");
    await db.execute(sql`insert into seasons (season, time_zone, starts_at, ends_at) values ('2025-02-01', 'UTC', '2025-02-01T00:00Z', '2025-03-01T00:00Z')`);
    expect(await refusal({ kind: "season_winners", season: "2025-02-01" })).toBe("INVALID_INPUT: The winners of February 2025 are not confirmed yet.");
    expect(await refusal({ kind: "wave", waveId: 41 })).toBe("INVALID_INPUT: There is no wave #41.");
    expect(await refusal({ kind: "members", memberIds: ["0b7e4f7a-8a55-4d3c-9d4e-2f7b1c9a0e11"] })).toBe(
      "INVALID_INPUT: None of the listed members is on the waitlist (or they are blocked).",
    );
  });

  it("refuses an audience of 0 members", async () => {
    await member("unconfirmed", { confirmed: false });
    expect(await refusal({ kind: "confirmed" })).toBe("INVALID_INPUT: No crew member has confirmed their e-mail yet.");
    await db.update(waitlistUsers).set({ isBlocked: true });
    expect(await refusal({ kind: "top_all_time", count: 3 })).toBe('INVALID_INPUT: Nobody is in "Top 3 of the all-time leaderboard".');
  });
});
