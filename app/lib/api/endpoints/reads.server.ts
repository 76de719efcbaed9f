import { getReportStats } from "../../reports/reports.server";
import { countHeldReferrals } from "../../referrals/referral-review.server";
import { getEnv } from "../../env.server";
import { getSiteSettings } from "../../settings/settings.server";
import { countReferredMembers } from "../../waitlist/members.server";
import { defineEndpoint } from "../endpoint.server";
import { PublicSettingsSchema, ReferralListQuery, ReferralListSchema, StatsSchema } from "../schemas";
import { listReferrals } from "../../referrals/referral-list.server";

export const readEndpoints = [
  defineEndpoint({
    method: "get",
    path: "/referrals",
    operationId: "listReferrals",
    summary: "List referrals, newest first",
    description: "Filter by referrer or by state (held ones wait in Admin → Referral System → Review).",
    tag: "Referrals",
    scope: "referrals:read",
    query: ReferralListQuery,
    response: ReferralListSchema,
    errors: [400],
    handle: async ({ query }) => {
      const page = await listReferrals({ referrerId: query.referrerId, status: query.status, before: query.cursor, limit: query.limit });
      return {
        data: page.rows.map((row) => ({
          id: row.id,
          referrerId: row.referrerId,
          referredId: row.referredId,
          status: row.status,
          reasons: row.reasons,
          createdAt: row.createdAt.toISOString(),
          decidedAt: row.decidedAt?.toISOString() ?? null,
        })),
        nextCursor: page.nextCursor,
      };
    },
  }),
  defineEndpoint({
    method: "get",
    path: "/settings",
    operationId: "getSettings",
    summary: "The public site settings",
    tag: "Settings",
    scope: "settings:read",
    response: PublicSettingsSchema,
    handle: async () => {
      const settings = await getSiteSettings(["leaderboardVisible", "primaryBrandColor", "brandLogoUrl", "siteTimeZone", "referralCreditMode"]);
      return { siteName: getEnv().SITE_NAME, ...settings };
    },
  }),
  defineEndpoint({
    method: "get",
    path: "/stats",
    operationId: "getStats",
    summary: "Member, referral and product counts",
    tag: "Stats",
    scope: "stats:read",
    response: StatsSchema,
    handle: async () => {
      const [stats, referredMembers, heldReferrals] = await Promise.all([getReportStats(), countReferredMembers(), countHeldReferrals()]);
      return { members: stats.totalMembers, confirmedMembers: stats.confirmedMembers, referredMembers, products: stats.totalProducts, heldReferrals };
    },
  }),
];
