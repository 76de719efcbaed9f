import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { waitlistUsers } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { getFunnelReport } from "../reports/funnel.server";
import { saveSiteSettings } from "../settings/settings.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { countFunnelEvent, recordLandingVisit, recordShareClick, SHARE_LIMIT_PER_NETWORK } from "./funnel-counts.server";

beforeEach(resetDatabase);

async function counters() {
  const { rows } = await db.execute<{ day: string; metric: string; channel: string; count: number }>(
    sql`select to_char(day, 'YYYY-MM-DD') as day, metric, channel, count::integer as count from funnel_daily_counts order by day, metric, channel`,
  );
  return rows;
}

describe("funnel counters", () => {
  it("count an event on the site's calendar day: 23:30 in Los Angeles is that day there, not the next UTC day", async () => {
    await countFunnelEvent("share", "x", new Date("2026-07-04T06:30:00Z")); // 23:30 on 3 July, PDT
    await countFunnelEvent("share", "x", new Date("2026-07-04T07:00:00Z")); // midnight: 4 July
    await countFunnelEvent("share", "x", new Date("2026-01-15T07:59:00Z")); // 23:59 on 14 January, PST
    expect(await counters()).toEqual([
      { day: "2026-01-14", metric: "share", channel: "x", count: 1 },
      { day: "2026-07-03", metric: "share", channel: "x", count: 1 },
      { day: "2026-07-04", metric: "share", channel: "x", count: 1 },
    ]);
  });

  it("follow the site's time zone setting, for counters and for joins alike", async () => {
    await saveSiteSettings({ siteTimeZone: "Asia/Tokyo" }, null);
    const at = new Date("2026-07-03T16:30:00Z"); // 01:30 on 4 July in Tokyo, still 3 July in Los Angeles
    await countFunnelEvent("share", "email", at);
    const { member } = await joinWaitlist({ email: "tokyo@example.com" });
    await db.update(waitlistUsers).set({ createdAt: at }).where(eq(waitlistUsers.id, member.id));
    expect(await counters()).toEqual([{ day: "2026-07-04", metric: "share", channel: "email", count: 1 }]);
    const report = await getFunnelReport({ from: "2026-07-03", to: "2026-07-04" });
    expect(report.timeZone).toBe("Asia/Tokyo");
    expect(report.days.map((day) => [day.day, day.joins, day.shareClicks.email])).toEqual([
      ["2026-07-03", 0, 0],
      ["2026-07-04", 1, 1],
    ]);
  });

  it("lose nothing when 50 events arrive at once", async () => {
    const at = new Date("2026-05-01T18:00:00Z");
    await Promise.all(Array.from({ length: 50 }, () => countFunnelEvent("visit", null, at)));
    await Promise.all(Array.from({ length: 50 }, (_, i) => recordShareClick({ channel: "linkedin", clientIp: `198.51.100.${i + 1}`, at })));
    expect(await counters()).toEqual([
      { day: "2026-05-01", metric: "share", channel: "linkedin", count: 50 },
      { day: "2026-05-01", metric: "visit", channel: "", count: 50 },
    ]);
  });

  it("count a visit as 'with ref' only when the code belongs to a listed member", async () => {
    const at = new Date("2026-05-02T18:00:00Z");
    const host = await joinWaitlist({ email: "host@example.com" });
    const blocked = await joinWaitlist({ email: "blocked@example.com" });
    await db.update(waitlistUsers).set({ isBlocked: true }).where(eq(waitlistUsers.id, blocked.member.id));
    await recordLandingVisit({ referralCode: host.member.referralCode, via: "facebook", clientIp: "203.0.113.1", at });
    await recordLandingVisit({ referralCode: host.member.referralCode.toUpperCase(), via: null, clientIp: "203.0.113.2", at });
    await recordLandingVisit({ referralCode: blocked.member.referralCode, via: "facebook", clientIp: "203.0.113.3", at });
    await recordLandingVisit({ referralCode: "madeup123456", via: null, clientIp: "203.0.113.4", at });
    await recordLandingVisit({ referralCode: null, via: "email", clientIp: "203.0.113.5", at });
    expect(await counters()).toEqual([
      { day: "2026-05-02", metric: "visit", channel: "", count: 1 },
      { day: "2026-05-02", metric: "visit", channel: "email", count: 1 },
      { day: "2026-05-02", metric: "visit", channel: "facebook", count: 1 },
      { day: "2026-05-02", metric: "visit_ref", channel: "", count: 1 },
      { day: "2026-05-02", metric: "visit_ref", channel: "facebook", count: 1 },
    ]);
  });

  it("stop counting one network's clicks at the hourly limit, and store no address", async () => {
    const at = new Date("2026-05-03T18:00:00Z");
    const results = [];
    for (let i = 0; i < SHARE_LIMIT_PER_NETWORK.limit + 5; i += 1) results.push(await recordShareClick({ channel: "email", clientIp: "192.0.2.77", at }));
    expect(results.filter(Boolean)).toHaveLength(SHARE_LIMIT_PER_NETWORK.limit);
    expect(await counters()).toEqual([{ day: "2026-05-03", metric: "share", channel: "email", count: SHARE_LIMIT_PER_NETWORK.limit }]);
    // A neighbour on another network still counts.
    expect(await recordShareClick({ channel: "email", clientIp: "192.0.3.1", at })).toBe(true);
    const { rows } = await db.execute<{ key: string }>(sql`select key from rate_limits`);
    expect(rows.length).toBe(2);
    for (const { key } of rows) expect(key).not.toMatch(/192\.0\./);
  });

  it("refuse a channel that is not on the list, in the database itself", async () => {
    await expect(db.execute(sql`insert into funnel_daily_counts (day, metric, channel, count) values ('2026-05-04', 'visit', '<script>', 1)`)).rejects.toThrow();
    await joinWaitlist({ email: "friend@example.com" });
    await expect(db.execute(sql`update waitlist_users set signup_via = 'myspace'`)).rejects.toThrow();
  });
});
