import { z } from "zod";
import { PointsTotalSchema } from "../points/points.schema";

const memberId = z.string().max(64);

export const AdjustPointsSchema = z.object({ intent: z.literal("adjust"), memberId, points: PointsTotalSchema });
export const ResetReferralsSchema = z.object({ intent: z.literal("reset"), memberId });

/** Everything the Referral System screen posts. */
export const ReferralAdminSchema = z.discriminatedUnion("intent", [AdjustPointsSchema, ResetReferralsSchema]);
