import { z } from "zod";
import { PointsAdjustmentSchema } from "../points/points.schema";
import { noControlCharacters } from "~/lib/text-rules";

const memberId = z.string().max(64).refine(...noControlCharacters);

export const AdjustPointsSchema = PointsAdjustmentSchema.extend({ intent: z.literal("adjust"), memberId });
export const ResetReferralsSchema = z.object({ intent: z.literal("reset"), memberId });
export const RecountSchema = z.object({ intent: z.literal("recount"), memberId });

/** Everything the Referral System screen posts. */
export const ReferralAdminSchema = z.discriminatedUnion("intent", [AdjustPointsSchema, ResetReferralsSchema, RecountSchema]);

/**
 * The Review tab: approve or reject one held referral ("approve:42") or all of a
 * referrer's ("approve"). The choice is the clicked button's value, so it works without
 * JavaScript.
 */
export const ReviewDecisionSchema = z.object({
  choice: z.string().regex(/^(approve|reject)(:[1-9][0-9]{0,14})?$/, "Choose approve or reject."),
  referrerId: memberId,
  note: z.string().trim().max(500, "Notes can be at most 500 characters.").refine(...noControlCharacters).default(""),
});

/** A review button's value as a decision on one referral (or all when no id). */
export function readReviewChoice(choice: string): { decision: "approve" | "reject"; referralId?: number } {
  const [decision, referralId] = choice.split(":");
  return { decision: decision === "reject" ? "reject" : "approve", referralId: referralId ? Number(referralId) : undefined };
}
