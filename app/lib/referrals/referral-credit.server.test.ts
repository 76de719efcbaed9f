import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { pointsLedger, referrals, waitlistUsers } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { sumLedger } from "../points/points.server";
import { saveSiteSettings } from "../settings/settings.server";
import { emailIdentity } from "../waitlist/email-identity";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { confirmMemberEmail, getMemberById } from "../waitlist/members.server";
import { countPendingReferrals } from "./referral-credit.server";

beforeEach(resetDatabase);

async function standing(id: string) {
  const member = await getMemberById(id);
  return { points: member?.points, referralsMade: member?.referralsMade, ledger: await sumLedger(id) };
}

describe("credit when the friend confirms (the default)", () => {
  it("keeps a referral pending until the friend confirms, then pays both once", async () => {
    const ada = await joinWaitlist({ email: "ada@example.com" });
    const bo = await joinWaitlist({ email: "bo@example.com", referralCode: ada.member.referralCode });
    expect(bo.referral).toBe("pending");
    expect(await standing(ada.member.id)).toEqual({ points: 10, referralsMade: 0, ledger: 10 });
    expect(await standing(bo.member.id)).toEqual({ points: 10, referralsMade: 0, ledger: 10 });
    expect(await countPendingReferrals(ada.member.id)).toBe(1);
    const [row] = await db.select().from(waitlistUsers).where(eq(waitlistUsers.id, bo.member.id));
    expect(row?.referredByUserId).toBe(ada.member.id);

    // Twenty clicks on the confirmation link at once.
    const clicks = await Promise.all(Array.from({ length: 20 }, () => confirmMemberEmail(bo.member.id)));
    expect(clicks.every(Boolean)).toBe(true);
    expect(await standing(ada.member.id)).toEqual({ points: 20, referralsMade: 1, ledger: 20 });
    expect(await standing(bo.member.id)).toEqual({ points: 15, referralsMade: 0, ledger: 15 });
    expect(await countPendingReferrals(ada.member.id)).toBe(0);
    const credits = await db.select().from(pointsLedger).where(eq(pointsLedger.reason, "referral_credit"));
    expect(credits).toHaveLength(1);
    expect((await db.select().from(referrals))[0]).toMatchObject({ status: "credited", referrerId: ada.member.id });
  });

  it("pays nothing when the referrer was blocked before the friend confirmed", async () => {
    const ada = await joinWaitlist({ email: "ada@example.com" });
    const bo = await joinWaitlist({ email: "bo@example.com", referralCode: ada.member.referralCode });
    await db.update(waitlistUsers).set({ isBlocked: true }).where(eq(waitlistUsers.id, ada.member.id));
    await confirmMemberEmail(bo.member.id);
    expect(await standing(ada.member.id)).toMatchObject({ points: 10, referralsMade: 0 });
    expect(await standing(bo.member.id)).toMatchObject({ points: 10 });
    expect((await db.select().from(referrals))[0]).toMatchObject({ status: "rejected", reasons: ["referrer_blocked"] });
  });

  it("switching the mode changes new joins only", async () => {
    const ada = await joinWaitlist({ email: "ada@example.com" });
    const early = await joinWaitlist({ email: "early@example.com", referralCode: ada.member.referralCode });
    await saveSiteSettings({ referralCreditMode: "join" }, null);
    const late = await joinWaitlist({ email: "late@example.com", referralCode: ada.member.referralCode });
    expect(late.referral).toBe("credited");
    expect(await standing(ada.member.id)).toMatchObject({ points: 20, referralsMade: 1 });
    // The earlier friend's referral still waits for their confirmation.
    expect(await countPendingReferrals(ada.member.id)).toBe(1);
    await confirmMemberEmail(early.member.id);
    expect(await standing(ada.member.id)).toMatchObject({ points: 30, referralsMade: 2, ledger: 30 });
  });
});

describe("one person, one member", () => {
  it("welcomes another spelling of a listed address back, with nothing new", async () => {
    const first = await joinWaitlist({ email: "a.b@gmail.com" });
    for (const spelling of ["ab@googlemail.com", "A.B+2@gmail.com", "a.b+prize@googlemail.com"]) {
      const again = await joinWaitlist({ email: spelling, referralCode: first.member.referralCode });
      expect(again).toMatchObject({ isNewMember: false, referral: null });
      expect(again.member.id).toBe(first.member.id);
    }
    const alias = await joinWaitlist({ email: "ada@example.com" });
    expect((await joinWaitlist({ email: "ada+1@example.com" })).member.id).toBe(alias.member.id);
    expect(await db.select().from(waitlistUsers)).toHaveLength(2);
    expect(await standing(first.member.id)).toMatchObject({ points: 10, referralsMade: 0 });
  });

  it("keeps one member when spellings of one address race", async () => {
    const spellings = Array.from({ length: 30 }, (_, i) => (i % 2 ? `k.i.d+${i}@gmail.com` : `kid+${i}@googlemail.com`));
    const results = await Promise.all(spellings.map((email) => joinWaitlist({ email })));
    expect(new Set(results.map((result) => result.member.id)).size).toBe(1);
    expect(results.filter((result) => result.isNewMember)).toHaveLength(1);
  });

  it("gives no credit for referring yourself under another spelling", async () => {
    await saveSiteSettings({ referralCreditMode: "join" }, null);
    const ada = await joinWaitlist({ email: "ada@example.com" });
    // A different person at another address that the referrer also controls is another matter;
    // the same inbox is not.
    const self = await joinWaitlist({ email: "ada+alt@example.com", referralCode: ada.member.referralCode });
    expect(self.isNewMember).toBe(false);
    expect(await standing(ada.member.id)).toMatchObject({ points: 10, referralsMade: 0 });
  });

  it("the migration's backfill gives existing rows the same identity as the code, one per person", async () => {
    const addresses = ["Zed@Example.com", "zed+2@example.com", "a.b@gmail.com", "ab+x@googlemail.com", "x.y@example.org", "+only@example.net"];
    for (const [index, email] of addresses.entries()) {
      await db.execute(sql`insert into waitlist_users (email, email_identity, referral_code, created_at)
        values (${email.toLowerCase()}, ${`placeholder ${index}`}, ${`code${index}`}, now() + make_interval(secs => ${index}))`);
    }
    const migration = fs.readFileSync("db/migrations/0004_fair_play_identity_and_referrals.sql", "utf8");
    const backfill = migration.split("--> statement-breakpoint").find((statement) => statement.includes('UPDATE "waitlist_users" SET "email_identity"'));
    expect(backfill).toBeDefined();
    await db.execute(sql.raw(backfill!));
    const rows = await db.select({ email: waitlistUsers.email, identity: waitlistUsers.emailIdentity }).from(waitlistUsers).orderBy(waitlistUsers.createdAt);
    expect(rows.map((row) => row.identity.split(" ")[0])).toEqual(rows.map((row) => emailIdentity(row.email)));
    // The second spelling of a person keeps a unique identity of its own.
    expect(rows.filter((row) => row.identity.includes(" ")).map((row) => row.email)).toEqual(["zed+2@example.com", "ab+x@googlemail.com"]);
  });
});

describe("throwaway addresses", () => {
  it("refuses new members at disposable domains, following the admin's block and allow lists", async () => {
    await expect(joinWaitlist({ email: "kid@mailinator.com" })).rejects.toThrow("Please use an e-mail address you'll keep — we send prizes there.");
    await saveSiteSettings({ emailDomainBlocklist: ["spam.example"], emailDomainAllowlist: ["mailinator.com"] }, null);
    await expect(joinWaitlist({ email: "kid@mx.spam.example" })).rejects.toThrow("we send prizes there");
    expect((await joinWaitlist({ email: "kid@mailinator.com" })).isNewMember).toBe(true);
    expect(await db.select().from(waitlistUsers)).toHaveLength(1);
  });
});
