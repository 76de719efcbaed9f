import { z } from "zod";
import { noControlCharacters } from "~/lib/text-rules";

export const POINTS_INVALID_MESSAGE = "Please enter a valid number for points.";
/** Upper bound of a points total set from the back office (well inside PostgreSQL's integer). */
export const MAX_POINTS = 1_000_000_000;

/** Spec §7 "update points (integer)": a whole number from 0 to MAX_POINTS. */
export const PointsSchema = z
  .number({ error: POINTS_INVALID_MESSAGE })
  .int(POINTS_INVALID_MESSAGE)
  .min(0, POINTS_INVALID_MESSAGE)
  .max(MAX_POINTS, POINTS_INVALID_MESSAGE);

/**
 * The points field as a form posts it: digits only (no sign, decimals, exponents or
 * blanks), then the numeric bounds. Numbers pass straight to the bounds.
 */
export const PointsInputSchema = z.union([
  PointsSchema,
  z
    .string({ error: POINTS_INVALID_MESSAGE })
    .trim()
    .regex(/^\d+$/, POINTS_INVALID_MESSAGE)
    .transform(Number)
    .pipe(PointsSchema),
], { error: POINTS_INVALID_MESSAGE });

/** The Adjust Points form of the Referral System screen (browser and action). */
export const PointsAdjustmentSchema = z.object({
  memberId: z.string().trim().min(1).refine(...noControlCharacters),
  points: PointsInputSchema,
});
export type PointsAdjustment = z.infer<typeof PointsAdjustmentSchema>;
