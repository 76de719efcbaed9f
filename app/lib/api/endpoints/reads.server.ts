import { getReportStats } from "../../reports/reports.server";
import { getEnv } from "../../../kernel/env.server";
import { getSiteSettings } from "../../settings/settings.server";
import { countReferredMembers } from "../../waitlist/members.server";
import { defineEndpoint } from "../endpoint.server";
import { FunnelQuery, FunnelSchema, PublicSettingsSchema, ReferralDecisionResultSchema, ReferralDecisionSchema, ReferralListQuery, ReferralListSchema, StatsSchema } from "../schemas";
import { countHeldReferrals, decideHeldReferrals } from "../../referrals/referral-review.server";
import { apiKeyActor } from "../../audit/actor";
import { AppError } from "../../../kernel/errors";
import { getFunnelReport, getSiteToday } from "../../reports/funnel.server";
import { resolveFunnelRange } from "../../reports/funnel-range.schema";
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
    method: "post",
    path: "/referrals/decisions",
    operationId: "decideReferrals",
    summary: "Approve or reject referrals held for review",
    description:
      "The same decision as Admin → Referral System → Review: one held referral or all of a referrer's. Approvals pay through the ledger; " +
      "both are recorded with the key's name. 409 when they were decided meanwhile.",
    tag: "Referrals",
    scope: "referrals:write",
    body: ReferralDecisionSchema,
    response: ReferralDecisionResultSchema,
    errors: [400, 404, 409],
    handle: async ({ body }, { key }) =>
      decideHeldReferrals({ decision: body.decision, referrerId: body.referrerId, referralId: body.referralId, note: body.note, actor: apiKeyActor(key) }),
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
  defineEndpoint({
    method: "get",
    path: "/stats/funnel",
    operationId: "getFunnel",
    summary: "The growth funnel and viral coefficient for a date range",
    description: "Visits → joins → confirmations → share clicks → referred joins, with step conversions, K-factor and per-channel figures, and the daily series (the Reports screen's numbers).",
    tag: "Stats",
    scope: "stats:read",
    query: FunnelQuery,
    response: FunnelSchema,
    errors: [400],
    handle: async ({ query }) => {
      const resolved = resolveFunnelRange(new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)), await getSiteToday());
      if (!resolved.ok) throw new AppError("INVALID_INPUT", resolved.message);
      const { range, ...report } = await getFunnelReport(resolved.range);
      return { ...range, ...report };
    },
  }),
];
