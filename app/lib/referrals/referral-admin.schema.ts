import { z } from "zod";
import { PointsAdjustmentSchema } from "../points/points.schema";
import { noControlCharacters } from "~/lib/text-rules";

const memberId = z.string().max(64).refine(...noControlCharacters);

export const AdjustPointsSchema = PointsAdjustmentSchema.extend({ intent: z.literal("adjust"), memberId });
export const ResetReferralsSchema = z.object({ intent: z.literal("reset"), memberId });

/** Everything the Referral System screen posts. */
export const ReferralAdminSchema = z.discriminatedUnion("intent", [AdjustPointsSchema, ResetReferralsSchema]);
