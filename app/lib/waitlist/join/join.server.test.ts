import { crewNameOf } from "../../crew-names/crew-name";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, referralCodeAliases, waitlistUsers } from "../../../../db/schema";
import { resetDatabase } from "../../../../tests/db-reset";
import { db } from "../../../kernel/db.server";
import { deliverDueEmails } from "../../email/worker.server";
import { getMemberStanding, listLeaderboard, placeInLine } from "../../leaderboard/leaderboard.server";
import { creditTrailerView, sumLedger } from "../../points/points.server";
import { listReferralStandings } from "../../referrals/referral-admin.server";
import { saveSiteSettings } from "../../settings/settings.server";
import { joinWaitlist } from "./create-members.server";
import { getMemberByEmail, getMemberById } from "../members.server";

// These tests pin the spec's rule (a referral counts when the friend joins); the default,
// credit on confirmation, is tested in app/lib/referrals/referral-credit.server.test.ts.
beforeEach(async () => {
  await resetDatabase();
  // Fair-play limits off: these tests are about the credit itself.
  await saveSiteSettings({ referralCreditMode: "join", referralBurstLimit: 1000, referralDailyCap: 10_000 }, null);
});

/** Pairs where the rank counters disagree with the members table (should be none). */
async function scoreCountsDrift() {
  const result = await db.execute(sql`
    select coalesce(c.points, m.points) as points, c.members as counted, m.members as actual
      from leaderboard_scores c
      full join (select points, referrals_made, count(*)::integer as members from waitlist_users
                  where not is_blocked group by points, referrals_made) m
        on m.points = c.points and m.referrals_made = c.referrals_made
     where coalesce(c.members, 0) <> coalesce(m.members, 0)`);
  return result.rows;
}

describe("joining the waitlist", () => {
  it("creates a member with 10 points, a random referral code and a queued welcome e-mail", async () => {
    const { member, isNewMember } = await joinWaitlist({ email: "  Ada.Lovelace@Example.COM " });
    expect(isNewMember).toBe(true);
    expect(member.email).toBe("ada.lovelace@example.com");
    expect(member.points).toBe(10);
    // Nothing of the address (ADR 0042).
    expect(member.referralCode).toMatch(/^[0-9a-z]{12}$/);
    const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "ada.lovelace@example.com"));
    expect(mail).toHaveLength(1);
    // Rendered as it is sent (ADR 0038): the link and the address are in what goes out, and
    // what went out stays in the outbox.
    const sent: { html: string; subject: string }[] = [];
    await deliverDueEmails({ kind: "local", send: async (message) => void sent.push(message), close: () => undefined });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.html).toContain(`/?ref=${member.referralCode}`);
    expect(sent[0]?.html).toContain("ada.lovelace@example.com");
    const [kept] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "ada.lovelace@example.com"));
    expect(kept).toMatchObject({ status: "sent", subject: sent[0]?.subject, html: sent[0]?.html, templateData: null });
  });

  it("treats a known address as returning and changes nothing", async () => {
    const first = await joinWaitlist({ email: "sam@example.com" });
    const again = await joinWaitlist({ email: "SAM@example.com", referralCode: first.member.referralCode });
    expect(again.isNewMember).toBe(false);
    expect(again.member.id).toBe(first.member.id);
    expect((await getMemberByEmail("sam@example.com"))?.points).toBe(10);
    expect(await db.select().from(emailOutbox)).toHaveLength(1);
  });

  it("credits a valid referral: +5 to the new member, +10 and one referral to the referrer", async () => {
    const referrer = await joinWaitlist({ email: "alex@example.com" });
    const joined = await joinWaitlist({ email: "blair@example.com", referralCode: referrer.member.referralCode.toUpperCase() });
    expect(joined.referral).toBe("credited");
    expect(joined.member.points).toBe(15);
    const alex = await getMemberByEmail("alex@example.com");
    expect(alex).toMatchObject({ points: 20, referralsMade: 1 });
    const [blairRow] = await db.select().from(waitlistUsers).where(eq(waitlistUsers.id, joined.member.id));
    expect(blairRow?.referredByUserId).toBe(referrer.member.id);
    expect(await sumLedger(referrer.member.id)).toBe(20);
    expect(await sumLedger(joined.member.id)).toBe(15);
  });

  it("credits the member behind an old code (an alias), and never hands an old code out again", async () => {
    const referrer = await joinWaitlist({ email: "old.code@example.com" });
    await db.insert(referralCodeAliases).values({ code: "oldcod4k2x9q", memberId: referrer.member.id });
    const friend = await joinWaitlist({ email: "friend.of.old@example.com", referralCode: "OldCod4k2x9q" });
    expect(friend.member.points).toBe(15);
    expect(await getMemberByEmail("old.code@example.com")).toMatchObject({ points: 20, referralsMade: 1 });
    // An imported member asking for that code gets a random one instead.
    const imported = await joinWaitlist({ email: "imported@example.com", code: "oldcod4k2x9q" });
    expect(imported.member.referralCode).toMatch(/^[0-9a-z]{12}$/);
    expect(imported.member.referralCode).not.toBe("oldcod4k2x9q");
  });

  it("ignores unknown codes and codes of blocked members, old ones too", async () => {
    const blocked = await joinWaitlist({ email: "blocked@example.com" });
    await db.update(waitlistUsers).set({ isBlocked: true }).where(eq(waitlistUsers.id, blocked.member.id));
    const viaBlocked = await joinWaitlist({ email: "c@example.com", referralCode: blocked.member.referralCode });
    const viaUnknown = await joinWaitlist({ email: "d@example.com", referralCode: "nosuchcode" });
    await db.insert(referralCodeAliases).values({ code: "blocke123456", memberId: blocked.member.id });
    const viaBlockedAlias = await joinWaitlist({ email: "e@example.com", referralCode: "blocke123456" });
    expect(viaBlockedAlias.member.points).toBe(10);
    expect(viaBlocked.member.points).toBe(10);
    expect(viaUnknown.member.points).toBe(10);
    expect((await getMemberByEmail("blocked@example.com"))?.referralsMade).toBe(0);
  });

  it("credits the referrer exactly once per signup under 200 concurrent signups", async () => {
    const referrer = await joinWaitlist({ email: "popular@example.com" });
    const signups = Array.from({ length: 200 }, (_, i) =>
      joinWaitlist({ email: `friend${i}@example.com`, referralCode: referrer.member.referralCode }),
    );
    const results = await Promise.all(signups);
    expect(results.every((result) => result.isNewMember && result.member.points === 15)).toBe(true);
    const after = await getMemberByEmail("popular@example.com");
    expect(after).toMatchObject({ points: 10 + 2000, referralsMade: 200 });
    expect(await sumLedger(referrer.member.id)).toBe(2010);
    expect(await scoreCountsDrift()).toEqual([]);
  });

  it("keeps one member when the same address is posted 50 times at once", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => joinWaitlist({ email: "twin@example.com" })));
    expect(new Set(results.map((result) => result.member.id)).size).toBe(1);
    expect(results.filter((result) => result.isNewMember)).toHaveLength(1);
    expect(await db.select().from(waitlistUsers)).toHaveLength(1);
    expect(await db.select().from(emailOutbox)).toHaveLength(1);
  });
});

describe("trailer credit", () => {
  it("adds 5 points on the first view only, even when views race", async () => {
    const { member } = await joinWaitlist({ email: "viewer@example.com" });
    const credits = await Promise.all(Array.from({ length: 10 }, () => creditTrailerView(member.id)));
    expect(credits.filter(Boolean)).toHaveLength(1);
    expect(await creditTrailerView(member.id)).toBe(false);
    expect(await getMemberByEmail("viewer@example.com")).toMatchObject({ points: 15, hasViewedTrailer: true });
    expect(await sumLedger(member.id)).toBe(15);
  });
});

describe("leaderboard", () => {
  it("orders by points then referrals, shares ranks on ties and leaves blocked members out", async () => {
    const top = await joinWaitlist({ email: "top@example.com" });
    const r1 = await joinWaitlist({ email: "r1@example.com", referralCode: top.member.referralCode });
    const tied = await joinWaitlist({ email: "tied@example.com" });
    const viewer = await joinWaitlist({ email: "early@example.com" });
    await creditTrailerView(viewer.member.id);
    const hidden = await joinWaitlist({ email: "hidden@example.com" });
    await db.update(waitlistUsers).set({ isBlocked: true, points: 999 }).where(eq(waitlistUsers.id, hidden.member.id));

    const rows = await listLeaderboard();
    expect(rows.map((row) => [row.memberId, row.nickname, row.points, row.rank])).toEqual([
      [top.member.id, crewNameOf(top.member.id, 0), 20, 1],
      [r1.member.id, crewNameOf(r1.member.id, 0), 15, 2],
      [viewer.member.id, crewNameOf(viewer.member.id, 0), 15, 2],
      [tied.member.id, crewNameOf(tied.member.id, 0), 10, 4],
    ]);
    expect(rows[0]?.badge).toBe("Early Bird");
    expect(await getMemberStanding(tied.member.id)).toEqual({ rank: 4, points: 10, referralsMade: 0 });
    expect(await getMemberStanding(hidden.member.id)).toBeNull();
    // One rank rule: the public board, each member's own standing and the admin table agree.
    const adminRanks = (await listReferralStandings()).rows.map((row) => [row.email, row.rank]);
    expect(adminRanks).toEqual([["hidden@example.com", null], ...[top, r1, viewer, tied].map((joined, index) => [joined.member.email, rows[index]!.rank])]);
    for (const row of rows) expect((await getMemberStanding(row.memberId))?.rank).toBe(row.rank);

    await db.update(waitlistUsers).set({ isBlocked: false }).where(eq(waitlistUsers.id, hidden.member.id));
    expect((await getMemberStanding(tied.member.id))?.rank).toBe(5);
    await db.delete(waitlistUsers).where(eq(waitlistUsers.id, top.member.id));
    expect(await scoreCountsDrift()).toEqual([]);
  });
});

describe("place in line", () => {
  it("says which place of how many, and the points it takes to pass the next place", async () => {
    const top = await joinWaitlist({ email: "top@example.com" });
    const r1 = await joinWaitlist({ email: "r1@example.com", referralCode: top.member.referralCode });
    const early = await joinWaitlist({ email: "early@example.com" });
    await creditTrailerView(early.member.id);
    const last = await joinWaitlist({ email: "last@example.com" });
    const hidden = await joinWaitlist({ email: "hidden@example.com" });
    await db.update(waitlistUsers).set({ isBlocked: true, points: 999 }).where(eq(waitlistUsers.id, hidden.member.id));

    const placeOf = async (id: string) => placeInLine((await getMemberById(id))!);
    // top 20 (1 referral), r1 15, early 15, last 10; the blocked member is not counted.
    expect(await placeOf(top.member.id)).toEqual({ rank: 1, of: 4, toPass: null });
    expect(await placeOf(r1.member.id)).toEqual({ rank: 2, of: 4, toPass: { rank: 1, points: 6 } });
    expect(await placeOf(last.member.id)).toEqual({ rank: 4, of: 4, toPass: { rank: 2, points: 6 } });
    expect(await placeOf(hidden.member.id)).toBeNull();
    // Equal points pass with more referrals: one referral more is enough at 20 points.
    expect(await placeInLine({ points: 20, referralsMade: 2, isBlocked: false })).toEqual({ rank: 1, of: 4, toPass: null });
    expect(await placeInLine({ points: 20, referralsMade: 0, isBlocked: false })).toMatchObject({ rank: 2, toPass: { rank: 1, points: 1 } });
  });
});
