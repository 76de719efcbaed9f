import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { referralCodeAliases, users } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { getMemberStanding } from "../leaderboard/leaderboard.server";
import { sumLedger } from "../points/points.server";
import { adjustPoints, listMemberAudit, listReferralStandings, listReferredMembers, resetReferrals } from "../referrals/referral-admin.server";
import { joinWaitlist } from "./join/create-members.server";
import { changeMember, listMembersPage, normaliseTags } from "./member-admin.server";
import { csvCell } from "../csv";
import { streamMembersCsv } from "./members-csv.server";
import { saveSiteSettings } from "../settings/settings.server";

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
});

describe("waitlist administration", () => {
  it("searches e-mail, referral code and tags case-insensitively, filters on confirmation and counts", async () => {
    const ada = await joinWaitlist({ email: "ada@example.com" });
    await joinWaitlist({ email: "bob@example.com" });
    await joinWaitlist({ email: "100%_real@example.com" });
    await changeMember(ada.member.id, { kind: "tags", tags: ["SuperFan"] }, "admin-1");

    expect((await listMembersPage({ search: "ADA" })).rows.map((row) => row.email)).toEqual(["ada@example.com"]);
    expect((await listMembersPage({ search: ada.member.referralCode.toUpperCase() })).matching).toBe(1);
    // The code of an old shared link (an alias) finds its member.
    await db.insert(referralCodeAliases).values({ code: "adaexa4k2x9q", memberId: ada.member.id });
    expect((await listMembersPage({ search: "adaexa4k2x9q" })).rows.map((row) => row.email)).toEqual(["ada@example.com"]);
    expect((await listMembersPage({ search: "superfan" })).rows[0]?.email).toBe("ada@example.com");
    expect((await listMembersPage({ search: "%_" })).rows.map((row) => row.email)).toEqual(["100%_real@example.com"]);
    const unconfirmed = await listMembersPage({ confirmed: "no" });
    expect([unconfirmed.matching, unconfirmed.total]).toEqual([3, 3]);
    expect((await listMembersPage({ confirmed: "yes" })).matching).toBe(0);
    expect((await listMembersPage({ pageSize: 2, page: 2 })).rows).toHaveLength(1);
  });

  it("trims tags and drops empties and duplicates", () => {
    expect(normaliseTags([" vip ", "", "VIP", "parent", "  "])).toEqual(["vip", "parent"]);
  });

  it("blocks a member off the leaderboard and audits who did it", async () => {
    const { member } = await joinWaitlist({ email: "naughty@example.com" });
    await changeMember(member.id, { kind: "blocked", isBlocked: true }, "admin-1");
    expect(await getMemberStanding(member.id)).toBeNull();
    const [entry] = await listMemberAudit(member.id);
    expect(entry).toMatchObject({ action: "blocked", before: { isBlocked: false }, after: { isBlocked: true }, adminEmail: "boss@example.com" });
  });

  it("exports CSV with the spec's columns, quoting and formula injection neutralised", async () => {
    const { member } = await joinWaitlist({ email: "csv@example.com" });
    await changeMember(member.id, { kind: "tags", tags: ["a", "b"] }, "admin-1");
    await changeMember(member.id, { kind: "notes", notes: '=HYPERLINK("http://evil"), said "hi"' }, "admin-1");
    const csv = await new Response(streamMembersCsv()).text();
    const lines = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Email,Referral Code,Points,Referrals Made,Confirmed,Blocked,Join Date,Tags,Notes,Consent,E-mails,Language");
    expect(lines[1]).toMatch(/,Subscribed,English$/);
    expect(lines[1]).toContain(`csv@example.com,${member.referralCode},10,0,No,No,`);
    expect(lines[1]).toContain(`,a; b,"'=HYPERLINK(""http://evil""), said ""hi"""`);
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
  });

  it("streams every member across batches, each exactly once", async () => {
    // Many rows share one created_at: the keyset must still not skip or repeat any.
    await Promise.all(Array.from({ length: 1205 }, (_, i) => db.execute(
      sql`insert into waitlist_users (email, email_identity, referral_code, points, created_at)
        values (${`bulk${i}@example.com`}, ${`bulk${i}@example.com`}, ${`bulk${i}`}, 10, '2026-01-01T00:00:00.123456Z'::timestamptz + make_interval(secs => ${i % 3}))`,
    )));
    const csv = await new Response(streamMembersCsv()).text();
    const emails = csv.trim().split("\r\n").slice(1).map((line) => line.split(",")[0]);
    expect(emails).toHaveLength(1205);
    expect(new Set(emails).size).toBe(1205);
  });
});

describe("referral administration", () => {
  it("adjusts points to a new total with a ledger row and an audit entry", async () => {
    const { member } = await joinWaitlist({ email: "adjust@example.com" });
    await adjustPoints(member.id, 42, "admin-1");
    expect(await sumLedger(member.id)).toBe(42);
    const [entry] = await listMemberAudit(member.id);
    expect(entry).toMatchObject({ action: "points_adjusted", before: { points: 10 }, after: { points: 42 } });
    await expect(adjustPoints(member.id, Number.NaN, "admin-1")).rejects.toThrow("Please enter a valid number for points.");
    await expect(adjustPoints(member.id, -5, "admin-1")).rejects.toThrow("Please enter a valid number for points.");
    await expect(adjustPoints(member.id, 1e20, "admin-1")).rejects.toThrow("Please enter a valid number for points.");
    await expect(adjustPoints(member.id, 1.5, "admin-1")).rejects.toThrow("Please enter a valid number for points.");
  });

  it("resets referrals and points to 10 and 0, lists referred members newest first, ranks the table", async () => {
    await saveSiteSettings({ referralCreditMode: "join" }, null);
    const star = await joinWaitlist({ email: "star@example.com" });
    await joinWaitlist({ email: "f1@example.com", referralCode: star.member.referralCode });
    await joinWaitlist({ email: "f2@example.com", referralCode: star.member.referralCode });
    expect((await listReferredMembers(star.member.id)).map((row) => row.email)).toEqual(["f2@example.com", "f1@example.com"]);
    const before = await listReferralStandings();
    expect(before.rows.map((row) => [row.email, row.rank])).toEqual([
      ["star@example.com", 1],
      ["f1@example.com", 2],
      ["f2@example.com", 2],
    ]);
    await resetReferrals(star.member.id, "admin-1");
    expect(await getMemberStanding(star.member.id)).toMatchObject({ points: 10, referralsMade: 0, rank: 3 });
    expect(await sumLedger(star.member.id)).toBe(10);
    expect((await listReferralStandings({ search: "STAR" })).rows).toHaveLength(1);
  });
});
