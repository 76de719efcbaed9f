import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { saveSiteSettings } from "../settings/settings.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { foldScoreChanges } from "./score-fold.server";
import { placeInLine } from "./leaderboard.server";

/** Buckets where the folded counts alone, or counts plus unfolded changes, disagree with the members table. */
async function drift(source: "leaderboard_score_counts" | "leaderboard_scores") {
  const result = await db.execute(sql`
    select coalesce(c.points, m.points) as points, c.members as counted, m.members as actual
      from ${sql.raw(source)} c
      full join (select points, referrals_made, count(*)::integer as members from waitlist_users
                  where not is_blocked group by points, referrals_made) m
        on m.points = c.points and m.referrals_made = c.referrals_made
     where coalesce(c.members, 0) <> coalesce(m.members, 0)`);
  return result.rows;
}

const pendingChanges = async () => Number((await db.execute<{ n: number }>(sql`select count(*)::integer as n from leaderboard_score_deltas`)).rows[0]!.n);

beforeEach(async () => {
  await resetDatabase();
  await saveSiteSettings({ referralCreditMode: "join", referralBurstLimit: 1000, referralDailyCap: 10_000 }, null);
});

describe("folding the rank counters", () => {
  it("keeps ranks exact before and after a fold, and folds each change once however many folders run", async () => {
    const captain = await joinWaitlist({ email: "captain.nova@example.com" });
    await Promise.all(Array.from({ length: 40 }, (_, index) => joinWaitlist({ email: `friend${index}@example.com`, referralCode: captain.member.referralCode })));
    expect(await pendingChanges()).toBeGreaterThan(40);
    expect(await drift("leaderboard_scores")).toEqual([]);
    const before = await placeInLine({ points: 10, referralsMade: 0, isBlocked: false });

    const folds = await Promise.all([foldScoreChanges(), foldScoreChanges(), foldScoreChanges()]);
    expect(folds.filter((folded) => folded !== null).reduce((sum, folded) => sum! + folded!, 0)).toBeGreaterThan(40);
    // Whatever a skipped folder left is folded by the next run.
    await foldScoreChanges();
    expect(await pendingChanges()).toBe(0);
    expect(await drift("leaderboard_score_counts")).toEqual([]);
    expect(await drift("leaderboard_scores")).toEqual([]);
    expect(await placeInLine({ points: 10, referralsMade: 0, isBlocked: false })).toEqual(before);
  });

  it("stays exact while sign-ups and folds run at the same time", async () => {
    const captain = await joinWaitlist({ email: "captain.nova@example.com" });
    const joins = Promise.all(Array.from({ length: 60 }, (_, index) => joinWaitlist({ email: `rush${index}@example.com`, referralCode: captain.member.referralCode })));
    const folding = (async () => {
      for (let round = 0; round < 10; round += 1) await foldScoreChanges();
    })();
    await Promise.all([joins, folding]);
    expect(await drift("leaderboard_scores")).toEqual([]);
    await foldScoreChanges();
    expect(await drift("leaderboard_score_counts")).toEqual([]);
  });
});
