import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { waitlistUsers } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { confirmMemberEmail } from "../waitlist/members.server";
import { getReferralPerformance, getReportStats, listCountryBreakdown, listDailySignups, listDeviceBreakdown } from "./reports.server";

beforeEach(resetDatabase);

describe("reports", () => {
  it("computes the stat cards, daily signups, referral performance and breakdowns in SQL", async () => {
    const host = await joinWaitlist({ email: "host@example.com", device: "desktop", country: "US" });
    const friend = await joinWaitlist({ email: "friend@example.com", referralCode: host.member.referralCode, device: "mobile", country: "GB" });
    await joinWaitlist({ email: "solo@example.com", device: "mobile" });
    await confirmMemberEmail(friend.member.id);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await db.update(waitlistUsers).set({ createdAt: twoDaysAgo }).where(eq(waitlistUsers.id, host.member.id));

    expect(await getReportStats()).toEqual({ totalMembers: 3, confirmedMembers: 1, totalProducts: 0 });

    const days = await listDailySignups();
    expect(days).toHaveLength(90);
    const today = days[days.length - 1]!;
    expect([today.direct, today.referred]).toEqual([1, 1]);
    expect(days[days.length - 3]).toMatchObject({ direct: 1, referred: 0 });

    const referrals = await getReferralPerformance();
    expect(referrals.viralCoefficient).toBeCloseTo(1 / 3);
    expect(referrals.shareWithReferral).toBeCloseTo(1 / 3);
    expect(referrals.topReferrers).toEqual([{ nickname: "host", referralsMade: 1, points: 20 }]);

    expect(await listDeviceBreakdown()).toEqual([{ label: "mobile", members: 2 }, { label: "desktop", members: 1 }]);
    expect(await listCountryBreakdown()).toEqual([
      { label: "GB", members: 1 },
      { label: "US", members: 1 },
      { label: "Unknown", members: 1 },
    ]);
  });
});
