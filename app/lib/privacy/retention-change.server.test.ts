import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { isAppError } from "../../kernel/errors";
import { getSiteSettings } from "../settings/settings.server";
import { saveSiteSettingsForm } from "../settings/site-settings-form.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";

// Issue 37: one admin could schedule the deletion of every member through two retention
// settings (a launch date in the past and one month after it).

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (isAppError(error) ? { status: error.status, message: error.userMessage } : error));
const retention = () => getSiteSettings(["unconfirmedMemberDays", "launchDate", "monthsAfterLaunch"]);
const audits = async () => (await db.execute<{ action: string; actor_id: string; after: Record<string, unknown> }>(sql`select action, actor_id, after from audit_events where action = 'retention.shortened' order by id`)).rows;
const isoDay = (daysFromNow: number) => new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values([
    { id: "owner-1", name: "Owner", email: "owner@example.com", role: "owner" },
    { id: "admin-1", name: "Admin", email: "admin@example.com", role: "admin" },
  ]);
  for (const name of ["nova", "pixel"]) await joinWaitlist({ email: `${name}@example.com`, isConfirmed: true });
  const { member } = await joinWaitlist({ email: "comet@example.com" });
  await db.execute(sql`update waitlist_users set join_date = now() - interval '100 days' where id = ${member.id}`);
  await saveSiteSettingsForm({ unconfirmedMemberDays: 365 }, "owner-1");
});

describe("a retention change that would erase members within 30 days", () => {
  it("is refused to an admin with how many, and nothing changes", async () => {
    const before = await retention();
    // Launch 60 days ago, everything deleted a month after it: every member, at the next hourly run.
    expect(await refusal(saveSiteSettingsForm({ launchDate: isoDay(-60), monthsAfterLaunch: 1 }, "admin-1"))).toEqual({
      status: 403,
      message: "This change would erase 3 members within 30 days: only an owner can make it.",
    });
    // A week for unconfirmed members: comet (joined 100 days ago) goes.
    expect(await refusal(saveSiteSettingsForm({ unconfirmedMemberDays: 7 }, "admin-1"))).toEqual({
      status: 403,
      message: "This change would erase 1 member within 30 days: only an owner can make it.",
    });
    expect(await retention()).toEqual(before);
    expect(await audits()).toEqual([]);
  });

  it("is an owner's, said with how many and audited; changes that erase nobody sooner stay an admin's", async () => {
    expect(await saveSiteSettingsForm({ launchDate: isoDay(400), monthsAfterLaunch: 1 }, "admin-1")).toEqual({ membersErasedSoon: 0 });
    expect(await saveSiteSettingsForm({ unconfirmedMemberDays: 200 }, "admin-1")).toEqual({ membersErasedSoon: 0 });
    expect(await audits()).toEqual([]);

    expect(await saveSiteSettingsForm({ launchDate: isoDay(-60) }, "owner-1")).toEqual({ membersErasedSoon: 3 });
    expect(await retention()).toMatchObject({ launchDate: isoDay(-60), monthsAfterLaunch: 1 });
    expect(await audits()).toEqual([
      { action: "retention.shortened", actor_id: "owner-1", after: expect.objectContaining({ launchDate: isoDay(-60), membersErased: 3, membersErasedWithinDays: 30 }) },
    ]);
  });
});
