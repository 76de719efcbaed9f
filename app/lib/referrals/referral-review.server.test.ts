import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { memberAuditLog, pointsLedger, referrals, users, waitlistUsers } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { sumLedger } from "../points/points.server";
import { saveSiteSettings } from "../settings/settings.server";
import { confirmMemberEmail, getMemberById } from "../waitlist/members.server";
import { signUpFromForm } from "../waitlist/join/signup.server";
import { holdStaleReferrals } from "./referral-credit.server";
import { decideHeldReferrals, listHeldReferrals, recountMember } from "./referral-review.server";
import { SELF_CONSENT } from "../../../tests/factories";

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
});

type Seen = { deviceMemberId: string | null; signedInEmail: string | null };
const nobody: Seen = { deviceMemberId: null, signedInEmail: null };

function join(email: string, options: { ip?: string; code?: string | null; seen?: Seen } = {}) {
  return signUpFromForm({ consent: SELF_CONSENT, email, clientIp: options.ip ?? "198.51.100.1", userAgent: null, referralCode: options.code ?? null, seen: options.seen ?? nobody });
}

async function statusOf(memberId: string) {
  const [row] = await db.select().from(referrals).where(eq(referrals.referredId, memberId));
  return { status: row?.status, reasons: row?.reasons };
}

describe("fair-play signals hold a referral for review", () => {
  it("holds friends from the referrer's network, a used device, +tag aliases and allowed throwaway domains", async () => {
    await saveSiteSettings({ emailDomainAllowlist: ["mailinator.com"] }, null);
    const ada = await join("ada@example.com", { ip: "203.0.113.5" });
    const code = ada.member.referralCode;
    const neighbour = await join("neighbour@example.com", { ip: "203.0.113.77", code });
    const faraway = await join("faraway@example.com", { ip: "192.0.2.10", code });
    const onAdasLaptop = await join("laptop@example.com", { ip: "198.18.1.11", code, seen: { deviceMemberId: ada.member.id, signedInEmail: null } });
    const tagged = await join("kid+1@example.org", { ip: "198.18.2.12", code });
    const throwaway = await join("kid@mailinator.com", { ip: "198.18.3.13", code });
    expect(await statusOf(neighbour.member.id)).toEqual({ status: "held", reasons: ["same_network"] });
    expect(await statusOf(faraway.member.id)).toEqual({ status: "pending", reasons: [] });
    expect(await statusOf(onAdasLaptop.member.id)).toEqual({ status: "held", reasons: ["same_device"] });
    expect(await statusOf(tagged.member.id)).toEqual({ status: "held", reasons: ["alias"] });
    expect(await statusOf(throwaway.member.id)).toEqual({ status: "held", reasons: ["disposable"] });
    // A held referral earns nothing, even once the friend confirms.
    await confirmMemberEmail(neighbour.member.id);
    expect((await getMemberById(ada.member.id))?.points).toBe(10);
    const queue = await listHeldReferrals();
    expect(queue).toHaveLength(1);
    expect(queue[0]?.referrals.map((referral) => referral.friendEmail)).toEqual([
      "neighbour@example.com",
      "laptop@example.com",
      "kid+1@example.org",
      "kid@mailinator.com",
    ]);
  });

  it("holds referrals beyond the hourly burst and the daily cap, exactly, under parallel joins", async () => {
    await saveSiteSettings({ referralBurstLimit: 100, referralDailyCap: 5 }, null);
    const ada = await join("ada@example.com", { ip: "203.0.113.5" });
    const friends = await Promise.all(
      Array.from({ length: 8 }, (_, index) => join(`friend${index}@example.com`, { ip: `192.0.${index}.9`, code: ada.member.referralCode })),
    );
    const statuses = await Promise.all(friends.map((friend) => statusOf(friend.member.id)));
    expect(statuses.filter((status) => status.status === "pending")).toHaveLength(5);
    expect(statuses.filter((status) => status.status === "held" && status.reasons?.includes("daily_cap"))).toHaveLength(3);

    await saveSiteSettings({ referralBurstLimit: 1, referralDailyCap: 100 }, null);
    const late = await join("late@example.com", { ip: "192.0.99.9", code: ada.member.referralCode });
    expect(await statusOf(late.member.id)).toEqual({ status: "held", reasons: ["burst"] });
  });

  it("still tells the burst and the daily cap apart for a referrer with more referrals today than either", async () => {
    await saveSiteSettings({ referralBurstLimit: 1000, referralDailyCap: 10_000 }, null);
    const star = await join("star@example.com", { ip: "203.0.113.5" });
    const code = star.member.referralCode;
    for (let index = 0; index < 12; index++) await join(`fan${index}@example.com`, { ip: `192.0.${index}.9`, code });
    // Ten of them joined two hours ago: more than the cap within the day, two within the hour.
    await db.execute(sql`
      update referrals set created_at = now() - interval '2 hours'
       where id in (select id from referrals order by id limit 10)`);

    await saveSiteSettings({ referralBurstLimit: 3, referralDailyCap: 10 }, null);
    const third = await join("third@example.com", { ip: "192.0.50.9", code });
    expect(await statusOf(third.member.id)).toEqual({ status: "held", reasons: ["daily_cap"] });
    const fourth = await join("fourth@example.com", { ip: "192.0.51.9", code });
    expect(await statusOf(fourth.member.id)).toEqual({ status: "held", reasons: ["burst", "daily_cap"] });
  });

  it("moves referrals unconfirmed for a week to review", async () => {
    const ada = await join("ada@example.com", { ip: "203.0.113.5" });
    const slow = await join("slow@example.com", { ip: "192.0.2.10", code: ada.member.referralCode });
    await db.update(referrals).set({ createdAt: sql`now() - interval '8 days'` });
    expect(await holdStaleReferrals()).toBe(1);
    expect(await holdStaleReferrals()).toBe(0);
    expect(await statusOf(slow.member.id)).toEqual({ status: "held", reasons: ["unconfirmed_for_7d"] });
  });
});

describe("the review queue", () => {
  it("approves one referral through the ledger and rejects the rest, with who and why in the audit log", async () => {
    const ada = await join("ada@example.com", { ip: "203.0.113.5" });
    const sister = await join("sister@example.com", { ip: "203.0.113.6", code: ada.member.referralCode });
    await join("brother@example.com", { ip: "203.0.113.7", code: ada.member.referralCode });
    await join("cousin@example.com", { ip: "203.0.113.8", code: ada.member.referralCode });
    const [group] = await listHeldReferrals();
    const sisterReferral = group?.referrals.find((referral) => referral.friendEmail === "sister@example.com");

    await decideHeldReferrals({ decision: "approve", referrerId: ada.member.id, referralId: sisterReferral?.id, note: "Same household, checked", actor: { kind: "admin", id: "admin-1", name: "boss@example.com" } });
    expect(await getMemberById(ada.member.id)).toMatchObject({ points: 20, referralsMade: 1 });
    expect((await getMemberById(sister.member.id))?.points).toBe(15);
    expect(await sumLedger(ada.member.id)).toBe(20);

    expect(await decideHeldReferrals({ decision: "reject", referrerId: ada.member.id, note: "Farm", actor: { kind: "admin", id: "admin-1", name: "boss@example.com" } })).toEqual({ decided: 2 });
    expect(await listHeldReferrals()).toEqual([]);
    const rejected = await db.select().from(referrals).where(eq(referrals.status, "rejected"));
    expect(rejected.map((row) => [row.decidedBy, row.decisionNote])).toEqual([
      ["admin-1", "Farm"],
      ["admin-1", "Farm"],
    ]);
    expect(await getMemberById(ada.member.id)).toMatchObject({ points: 20, referralsMade: 1 });
    const audit = await db.select().from(memberAuditLog).where(eq(memberAuditLog.memberId, ada.member.id)).orderBy(memberAuditLog.id);
    expect(audit.map((row) => row.action)).toEqual(["referral_approved", "referral_rejected"]);
    expect(audit[1]?.after).toMatchObject({ friends: ["brother@example.com", "cousin@example.com"], note: "Farm" });
    await expect(decideHeldReferrals({ decision: "approve", referrerId: ada.member.id, note: "", actor: { kind: "admin", id: "admin-1", name: "boss@example.com" } })).rejects.toThrow(
      "These referrals were already decided.",
    );
  });
});

describe("recount", () => {
  it("rebuilds points and referrals from the ledger and reports the difference", async () => {
    await saveSiteSettings({ referralCreditMode: "join" }, null);
    const ada = await join("ada@example.com", { ip: "203.0.113.5" });
    await join("bo@example.com", { ip: "192.0.2.10", code: ada.member.referralCode });
    await db.update(waitlistUsers).set({ points: 999, referralsMade: 7 }).where(eq(waitlistUsers.id, ada.member.id));
    expect(await recountMember(ada.member.id, "admin-1")).toEqual({ before: { points: 999, referralsMade: 7 }, after: { points: 20, referralsMade: 1 } });
    expect(await getMemberById(ada.member.id)).toMatchObject({ points: 20, referralsMade: 1 });
    expect(await recountMember(ada.member.id, "admin-1")).toEqual({ before: { points: 20, referralsMade: 1 }, after: { points: 20, referralsMade: 1 } });
    const audit = await db.select().from(memberAuditLog).where(eq(memberAuditLog.action, "recounted"));
    expect(audit).toHaveLength(1);
    expect(await db.select().from(pointsLedger).where(eq(pointsLedger.memberId, ada.member.id))).toHaveLength(2);
  });
});
