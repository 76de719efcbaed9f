import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { waitlistUsers } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { SHARE_CHANNELS, type ShareChannel } from "../funnel/channels";
import { recordLandingVisit, recordShareClick } from "../funnel/funnel-counts.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { confirmMemberEmail } from "../waitlist/members.server";
import { getFunnelReport } from "./funnel.server";

// March 2026 in Los Angeles: PST (UTC−8) until 2 a.m. on the 8th, PDT (UTC−7) after.
const ZONE = "America/Los_Angeles";
const RANGE = { from: "2026-03-01", to: "2026-03-31" };
const RANGE_START = "2026-03-01T08:00:00Z";
const RANGE_END = "2026-04-01T07:00:00Z";

/** A wall-clock time in Los Angeles as an instant, worked out by hand (not by the code under test). */
function laTime(day: string, hour: number, minute: number): Date {
  const isStandardTime = day < "2026-03-08" || (day === "2026-03-08" && hour < 2);
  const offsetHours = isStandardTime ? 8 : 7;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date, hour + offsetHours, minute));
}

const march = Array.from({ length: 31 }, (_, index) => `2026-03-${String(index + 1).padStart(2, "0")}`);

// A fixed pseudo-random sequence, so the month is the same on every run.
let seed = 20260301;
function pick(upTo: number): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return Math.floor(seed / 65_536) % (upTo + 1);
}
const times: [number, number][] = [[0, 5], [9, 30], [13, 0], [23, 30], [23, 59]];
const someTime = () => times[pick(times.length - 1)]!;
const someChannel = (): ShareChannel | null => (pick(5) === 5 ? null : SHARE_CHANNELS[pick(4)]!);

let ip = 0;
const nextIp = () => `10.20.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

async function joinAt(email: string, at: Date, referral?: { code: string; via: ShareChannel | null }) {
  const { member } = await joinWaitlist({ email, referralCode: referral?.code, via: referral?.via });
  await db.update(waitlistUsers).set({ createdAt: at, joinDate: at }).where(eq(waitlistUsers.id, member.id));
  return member;
}

async function confirmAt(memberId: string, at: Date) {
  await confirmMemberEmail(memberId);
  await db.update(waitlistUsers).set({ confirmedAt: at }).where(eq(waitlistUsers.id, memberId));
}

async function sqlCount(query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(query);
  return Number(rows[0]?.n ?? 0);
}

let referrerCodes: string[] = [];
const planned = new Map<string, { visits: number; joins: number }>();

beforeAll(async () => {
  await resetDatabase();
  const referrers = [];
  for (const name of ["ada", "bo", "cy"]) referrers.push(await joinAt(`${name}.host@example.com`, laTime("2026-02-20", 12, 0)));
  referrerCodes = referrers.map((member) => member.referralCode);

  let serial = 0;
  // The evening before and the night after the range: outside it in Los Angeles, though
  // 2026-02-28 23:30 is already March in UTC.
  for (const at of [laTime("2026-02-28", 23, 30), laTime("2026-04-01", 0, 5)]) {
    await recordLandingVisit({ referralCode: null, via: "x", clientIp: nextIp(), at });
    await recordShareClick({ channel: "x", clientIp: nextIp(), at });
    const edge = await joinAt(`edge${serial++}@example.com`, at, { code: referrerCodes[0]!, via: "x" });
    await confirmAt(edge.id, at);
  }

  for (const day of march) {
    const plan = { visits: 0, joins: 0 };
    for (let i = pick(5); i > 0; i -= 1, plan.visits += 1) {
      const [hour, minute] = someTime();
      await recordLandingVisit({ referralCode: null, via: someChannel(), clientIp: nextIp(), at: laTime(day, hour, minute) });
    }
    for (let i = pick(3); i > 0; i -= 1, plan.visits += 1) {
      const [hour, minute] = someTime();
      // Now and then a made-up code: a visit, but not one "with ref".
      const code = pick(4) === 0 ? "nosuchcode123" : referrerCodes[pick(2)]!;
      await recordLandingVisit({ referralCode: code, via: someChannel(), clientIp: nextIp(), at: laTime(day, hour, minute) });
    }
    for (let i = pick(4); i > 0; i -= 1) {
      const [hour, minute] = someTime();
      await recordShareClick({ channel: SHARE_CHANNELS[pick(4)]!, clientIp: nextIp(), at: laTime(day, hour, minute) });
    }
    for (let i = pick(3); i > 0; i -= 1, plan.joins += 1) {
      const [hour, minute] = someTime();
      const referral = pick(1) === 1 ? { code: referrerCodes[pick(2)]!, via: someChannel() } : undefined;
      const member = await joinAt(`m${serial++}@example.com`, laTime(day, hour, minute), referral);
      // Some confirm the same evening, some a day later (the last ones in April), some never.
      const confirmation = pick(2);
      if (confirmation === 1) await confirmAt(member.id, laTime(day, 23, 45));
      if (confirmation === 2) await confirmAt(member.id, new Date(laTime(day, hour, minute).getTime() + 86_400_000));
    }
    planned.set(day, plan);
  }
  // A returning member is not a second join.
  await joinWaitlist({ email: "m0@example.com" });
}, 120_000);

describe("the funnel report on a seeded month", () => {
  it("counts what SQL counts over the same Los Angeles days", async () => {
    const report = await getFunnelReport(RANGE, ZONE);
    const inRange = (column: string) => sql.raw(`${column} >= '${RANGE_START}' and ${column} < '${RANGE_END}'`);

    const joins = await sqlCount(sql`select count(*) as n from waitlist_users where ${inRange("created_at")}`);
    const confirmations = await sqlCount(sql`select count(*) as n from waitlist_users where ${inRange("confirmed_at")}`);
    const referredJoins = await sqlCount(sql`select count(*) as n from waitlist_users where referred_by_user_id is not null and ${inRange("created_at")}`);
    const referredConfirmations = await sqlCount(
      sql`select count(*) as n from waitlist_users where referred_by_user_id is not null and ${inRange("confirmed_at")}`,
    );
    const counted = (metrics: string) =>
      sqlCount(sql.raw(`select coalesce(sum(count), 0) as n from funnel_daily_counts where metric in (${metrics}) and day between '2026-03-01' and '2026-03-31'`));
    const visits = await counted("'visit', 'visit_ref'");
    const visitsWithRef = await counted("'visit_ref'");
    const shareClicks = await counted("'share'");

    expect(report.totals).toEqual({ visits, visitsWithRef, joins, confirmations, shareClicks, referredJoins, referredConfirmations });
    expect(joins).toBeGreaterThan(20);
    expect(referredConfirmations).toBeGreaterThan(3);
    expect(visitsWithRef).toBeGreaterThan(0);
    expect(visitsWithRef).toBeLessThan(visits);

    expect(report.steps.map((step) => [step.label, step.count])).toEqual([
      ["Landing visits", visits],
      ["Joins", joins],
      ["Confirmations", confirmations],
      ["Share clicks", shareClicks],
      ["Referred joins", referredJoins],
    ]);
    expect(report.steps.map((step) => step.conversion)).toEqual([
      null,
      joins / visits,
      confirmations / joins,
      shareClicks / confirmations,
      referredJoins / shareClicks,
    ]);
    expect(report.kFactor).toBe(referredConfirmations / joins);
  });

  it("puts every event on its Los Angeles day, every day present", async () => {
    const report = await getFunnelReport(RANGE, ZONE);
    expect(report.days.map((day) => day.day)).toEqual(march);
    for (const day of report.days) {
      expect({ day: day.day, visits: day.visits, joins: day.joins }).toEqual({ day: day.day, ...planned.get(day.day) });
    }
    const { rows } = await db.execute<{ day: string; n: number }>(sql`
      select to_char((created_at at time zone 'America/Los_Angeles')::date, 'YYYY-MM-DD') as day, count(*)::integer as n
        from waitlist_users group by 1`);
    const joinsByDay = new Map(rows.map((row) => [row.day, row.n]));
    for (const day of report.days) expect(day.joins).toBe(joinsByDay.get(day.day) ?? 0);
  });

  it("gives each share channel its clicks, visits, referred joins, confirmed friends and K", async () => {
    const report = await getFunnelReport(RANGE, ZONE);
    const inRange = (column: string) => sql.raw(`${column} >= '${RANGE_START}' and ${column} < '${RANGE_END}'`);
    const joins = report.totals.joins;
    for (const channel of [...SHARE_CHANNELS, ""] as const) {
      const via = channel === "" ? sql`signup_via is null` : sql`signup_via = ${channel}`;
      const counter = (metrics: string) =>
        sqlCount(sql`select coalesce(sum(count), 0) as n from funnel_daily_counts
                      where metric in (${sql.raw(metrics)}) and channel = ${channel} and day between '2026-03-01' and '2026-03-31'`);
      const referredConfirmations = await sqlCount(
        sql`select count(*) as n from waitlist_users where referred_by_user_id is not null and ${via} and ${inRange("confirmed_at")}`,
      );
      expect(report.channels.find((row) => row.channel === channel)).toEqual({
        channel,
        shareClicks: await counter("'share'"),
        visits: await counter("'visit', 'visit_ref'"),
        referredJoins: await sqlCount(sql`select count(*) as n from waitlist_users where referred_by_user_id is not null and ${via} and ${inRange("created_at")}`),
        referredConfirmations,
        kFactor: referredConfirmations / joins,
      });
    }
    const channelK = report.channels.reduce((sum, row) => sum + row.kFactor, 0);
    expect(channelK).toBeCloseTo(report.kFactor, 12);
  });
});
