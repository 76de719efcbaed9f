// Issue 29, retention on a schedule: a member who never confirmed their address is erased
// after the set days (day 31 gone, day 29 kept, by the job's clock); once the launch date
// plus the set months has passed, every remaining membership is. Each goes the way of a
// member's own erasure, with a tombstone naming the schedule.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents, waitlistUsers } from "../../db/schema";
import { resetDatabase } from "../db-reset";
import { db } from "~/kernel/db.server";
import { runRetention } from "~/lib/privacy/retention.server";
import { saveSiteSettings } from "~/lib/settings/settings.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";

const NOW = new Date("2027-03-10T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

async function memberJoined(email: string, daysBeforeNow: number, isConfirmed: boolean): Promise<string> {
  const { member } = await joinWaitlist({ email, isConfirmed });
  await db.update(waitlistUsers).set({ joinDate: new Date(NOW.getTime() - daysBeforeNow * DAY) }).where(eq(waitlistUsers.id, member.id));
  return member.id;
}

async function remaining(): Promise<string[]> {
  return (await db.select({ email: waitlistUsers.email }).from(waitlistUsers).orderBy(waitlistUsers.email)).map((row) => row.email);
}

beforeEach(resetDatabase);

describe("the retention schedule", () => {
  it("erases unconfirmed members after 30 days by default: day 31 gone, day 29 kept, confirmed members kept", async () => {
    const gone = await memberJoined("day31.unconfirmed@example.com", 31, false);
    await memberJoined("day29.unconfirmed@example.com", 29, false);
    await memberJoined("day100.confirmed@example.com", 100, true);
    expect(await runRetention(NOW)).toEqual({ unconfirmedErased: 1, afterLaunchErased: 0, skipped: false });
    expect(await remaining()).toEqual(["day100.confirmed@example.com", "day29.unconfirmed@example.com"]);
    const tombstone = await db.select().from(auditEvents).where(eq(auditEvents.targetId, gone));
    expect(tombstone.map((row) => [row.action, row.actorName])).toEqual([["member.erased", "retention schedule"]]);
    // A second run finds nothing more.
    expect((await runRetention(NOW)).unconfirmedErased).toBe(0);
  });

  it("follows the setting", async () => {
    await memberJoined("day31.unconfirmed@example.com", 31, false);
    await saveSiteSettings({ unconfirmedMemberDays: 45 }, null);
    expect((await runRetention(NOW)).unconfirmedErased).toBe(0);
    expect((await runRetention(new Date(NOW.getTime() + 15 * DAY))).unconfirmedErased).toBe(1);
  });

  it("keeps everything until deleted while the launch date or the months are empty, and erases everyone once launch plus months has passed", async () => {
    await memberJoined("early.fan@example.com", 200, true);
    await memberJoined("late.fan@example.com", 1, true);
    await saveSiteSettings({ launchDate: "2027-01-10" }, null);
    expect((await runRetention(NOW)).afterLaunchErased).toBe(0);
    await saveSiteSettings({ monthsAfterLaunch: 2 }, null);
    expect((await runRetention(new Date("2027-03-09T23:59:59Z"))).afterLaunchErased).toBe(0);
    expect(await runRetention(NOW)).toEqual({ unconfirmedErased: 0, afterLaunchErased: 2, skipped: false });
    expect(await remaining()).toEqual([]);
    expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from points_ledger`)).rows[0]?.n).toBe(0);
  });
});
