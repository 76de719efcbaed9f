import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, pointsLedger, referrals, users, waitlistUsers } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { isAppError } from "../../kernel/errors";
import { saveSiteSettingsForm } from "../settings/site-settings-form.server";
import { crewNameOf } from "../crew-names/crew-name";
import { rerollCrewName } from "../crew-names/crew-name.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { freezeDueSeasons, startSeasonJob } from "./season-freeze.server";
import { listSeasonLeaderboard } from "./season-leaderboard.server";
import { confirmSeasonWinners, getFrozenSeason, listHallOfFame } from "./season-winners.server";

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
});

// Seasons far in the past, so the signup rows written at the real "now" never fall in them.
const OCT_31_2359_LA = new Date("2024-11-01T06:59:00Z");
const NOV_1_0000_LA = new Date("2024-11-01T07:00:30Z");
const JUST_BEFORE_MIDNIGHT_LA = new Date("2024-11-01T06:59:59Z");
const JUST_AFTER_MIDNIGHT_LA = new Date("2024-11-01T07:00:01Z");

// The e-mail's local part of each member made here, by crew name: the lists name members by
// crew name (ADR 0042), and the tests read them back as the local parts they were made from.
const localPartOf = new Map<string, string>();

async function member(localPart: string) {
  const joined = (await joinWaitlist({ email: `${localPart}@example.com` })).member;
  localPartOf.set(crewNameOf(joined.id, 0), localPart);
  return joined;
}

/** Who a listed name is: the local part of the member it names, or the name itself. */
const who = (name: string) => localPartOf.get(name) ?? name;

/** A credit at a given moment, written the way every credit is: a ledger row. */
async function award(memberId: string, delta: number, at: Date, reason: "admin_adjustment" | "referral_credit" = "admin_adjustment") {
  await db.insert(pointsLedger).values({ memberId, delta, reason, createdAt: at });
}

async function seasonPointsOf(memberId: string) {
  const result = await db.execute<{ season: string; points: number; referrals: number }>(
    sql`select to_char(season, 'YYYY-MM-DD') as season, points, referrals from season_points where member_id = ${memberId} and season < '2026-01-01' order by season`,
  );
  return result.rows;
}

describe("season points", () => {
  it("roll over at local midnight in the site's time zone", async () => {
    const nova = await member("captain.nova");
    await award(nova.id, 7, OCT_31_2359_LA);
    await award(nova.id, 10, NOV_1_0000_LA, "referral_credit");
    expect(await seasonPointsOf(nova.id)).toEqual([
      { season: "2024-10-01", points: 7, referrals: 0 },
      { season: "2024-11-01", points: 10, referrals: 1 },
    ]);
  });

  it("move to the new zone's months when the admin changes the zone", async () => {
    const nova = await member("captain.nova");
    await award(nova.id, 7, OCT_31_2359_LA);
    await saveSiteSettingsForm({ siteTimeZone: "UTC" }, "admin-1");
    expect(await seasonPointsOf(nova.id)).toEqual([{ season: "2024-11-01", points: 7, referrals: 0 }]);
  });

  it("refuse a zone the database does not know", async () => {
    const error = await saveSiteSettingsForm({ siteTimeZone: "Mars/Olympus" }, "admin-1").catch((caught: unknown) => caught);
    expect(isAppError(error) && error.status).toBe(400);
  });

  it("rank the month's leaderboard by points earned in it, ties sharing a rank, blocked members left out", async () => {
    const [a, b, c, d] = await Promise.all(["a.kid", "b.kid", "c.kid", "d.kid"].map(member));
    await award(a!.id, 30, OCT_31_2359_LA);
    await award(b!.id, 50, OCT_31_2359_LA);
    await award(c!.id, 30, OCT_31_2359_LA);
    await award(d!.id, 90, OCT_31_2359_LA);
    await db.update(waitlistUsers).set({ isBlocked: true }).where(eq(waitlistUsers.id, d!.id));
    const rows = await listSeasonLeaderboard("2024-10-01");
    expect(rows.map((row) => [who(row.nickname), row.points, row.rank])).toEqual([
      ["b.kid", 50, 1],
      ["a.kid", 30, 2],
      ["c.kid", 30, 2],
    ]);
  });
});

describe("the season job", () => {
  it("freezes October only once midnight has passed in Los Angeles", async () => {
    const nova = await member("captain.nova");
    await award(nova.id, 7, OCT_31_2359_LA);
    await award(nova.id, 10, NOV_1_0000_LA);
    expect(await freezeDueSeasons(JUST_BEFORE_MIDNIGHT_LA)).toEqual([]);
    expect(await freezeDueSeasons(JUST_AFTER_MIDNIGHT_LA)).toEqual(["2024-10-01"]);
    const october = await getFrozenSeason("2024-10-01");
    expect(october?.standings.map((row) => [row.nickname, row.points])).toEqual([[crewNameOf(nova.id, 0), 7]]);
    expect(JSON.stringify(october)).not.toContain("captain.nova");
  });

  it("freezes a season once when two processes run it at the same moment", async () => {
    const kids = await Promise.all(Array.from({ length: 5 }, (_, index) => member(`kid${index}`)));
    for (const [index, kid] of kids.entries()) await award(kid.id, 10 + index, OCT_31_2359_LA);
    const runs = await Promise.all([freezeDueSeasons(JUST_AFTER_MIDNIGHT_LA), freezeDueSeasons(JUST_AFTER_MIDNIGHT_LA)]);
    expect(runs.flat()).toEqual(["2024-10-01"]);
    expect(await freezeDueSeasons(JUST_AFTER_MIDNIGHT_LA)).toEqual([]);
    const standings = await db.execute<{ rows: number }>(sql`select count(*)::integer as rows from season_standings`);
    expect(standings.rows[0]?.rows).toBe(5);
  });

  it("catches up the months it missed while the app was down, at boot", async () => {
    const nova = await member("captain.nova");
    await award(nova.id, 5, new Date("2024-08-15T12:00:00Z"));
    await award(nova.id, 6, new Date("2024-09-15T12:00:00Z"));
    const job = startSeasonJob();
    await job.stop();
    const frozen = await db.execute<{ season: string }>(sql`select to_char(season, 'YYYY-MM-DD') as season from seasons order by season`);
    expect(frozen.rows.map((row) => row.season)).toEqual(["2024-08-01", "2024-09-01"]);
  });
});

describe("confirming winners", () => {
  it("skips blocked and held members, ranks the rest, e-mails each winner once, and lists them in the Hall of Fame", async () => {
    const names = ["gold", "held", "silver", "blocked", "bronze.a", "bronze.b", "fourth"];
    // One after another: the tied bronzes are listed in join order.
    const kids: Record<string, Awaited<ReturnType<typeof member>>> = {};
    for (const name of names) kids[name] = await member(name);
    const points: Record<string, number> = { gold: 100, held: 90, silver: 80, blocked: 70, "bronze.a": 60, "bronze.b": 60, fourth: 50 };
    for (const name of names) await award(kids[name]!.id, points[name]!, OCT_31_2359_LA);
    await db.update(waitlistUsers).set({ isBlocked: true }).where(eq(waitlistUsers.id, kids.blocked!.id));
    await db.insert(referrals).values({ referrerId: kids.held!.id, referredId: kids.fourth!.id, status: "held", reasons: ["burst"] });
    await freezeDueSeasons(JUST_AFTER_MIDNIGHT_LA);

    const preview = await getFrozenSeason("2024-10-01");
    expect(preview?.standings.map((row) => [who(row.nickname), row.rank, row.skipReason])).toEqual([
      ["gold", 1, null],
      ["held", null, "Referrals held for review"],
      ["silver", 2, null],
      ["blocked", null, "Blocked"],
      ["bronze.a", 3, null],
      ["bronze.b", 3, null],
      ["fourth", 5, null],
    ]);

    const before = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "season_winner"));
    expect(before).toHaveLength(0);
    const confirmations = await Promise.allSettled([confirmSeasonWinners("2024-10-01", "admin-1"), confirmSeasonWinners("2024-10-01", "admin-1")]);
    expect(confirmations.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = confirmations.find((outcome) => outcome.status === "rejected");
    expect(refused && isAppError(refused.reason) && refused.reason.status).toBe(409);

    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "season_winner"));
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(
      ["bronze.a", "bronze.b", "fourth", "gold", "silver"].map((name) => `${name}@example.com`).sort(),
    );
    const goldMail = mails.find((mail) => mail.toAddress === "gold@example.com");
    expect(goldMail?.subject).toBe("Congratulations — you are a Vista Crew winner for October 2024!");
    expect(goldMail?.text).toContain("Early access pass + Exclusive digital content");
    // A link to the claim page instead of a request to reply with an address (ADR 0043).
    expect(goldMail?.text).toMatch(/Claim your prize: http:\/\/localhost:3000\/claim-prize\?token=[\w.-]+/);
    expect(goldMail?.text).not.toMatch(/reply to this e-mail/i);
    const claims = await db.execute<{ prize: string; status: string }>(sql`select prize, status from prize_claims order by prize`);
    expect(claims.rows).toHaveLength(5);
    expect(claims.rows.every((claim) => claim.status === "unclaimed")).toBe(true);

    const [season] = await listHallOfFame();
    expect(season?.season).toBe("2024-10-01");
    expect(season?.winners.map((winner) => [winner.rank, who(winner.nickname), winner.prize])).toEqual([
      [1, "gold", "Early access pass + Exclusive digital content"],
      [2, "silver", "T-shirt + Exclusive digital content"],
      [3, "bronze.a", "T-shirt + Exclusive digital content"],
      [3, "bronze.b", "T-shirt + Exclusive digital content"],
      [5, "fourth", "Decal pack + Exclusive digital content"],
    ]);
    expect(goldMail?.text).toContain(crewNameOf(kids.gold!.id, 0));

    // The Hall of Fame names winners as they were named when the season was frozen: a later
    // re-roll leaves it; a member who has left shows as a former crew member.
    await rerollCrewName(kids.gold!.id);
    await db.delete(waitlistUsers).where(eq(waitlistUsers.id, kids.silver!.id));
    const [after] = await listHallOfFame();
    expect(after?.winners.map((winner) => who(winner.nickname)).slice(0, 2)).toEqual(["gold", "Former crew member"]);
  });
});
