import { z } from "zod";
import { contentFormSchema } from "~/lib/content/content.schema";
import { noControlCharactersInText } from "~/lib/text-rules";
import { RehearseSeasonCloseSchema } from "~/lib/launch/rehearsal.schema";
import { MAX_PRIZE_LENGTH, MAX_PRIZE_TIERS, parsePrizeText } from "./prizes";

const prizeList = z
  .string({ error: "List at least one prize." })
  .max(MAX_PRIZE_TIERS * (MAX_PRIZE_LENGTH + 12), `At most ${MAX_PRIZE_TIERS} prize lines.`)
  .refine(...noControlCharactersInText)
  .transform((text, context) => {
    const parsed = parsePrizeText(text);
    if ("error" in parsed) {
      context.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    return parsed.tiers;
  });

export const SeasonPrizesSchema = z.object({ intent: z.literal("prizes"), seasonPrizes: prizeList });

const template = contentFormSchema(["seasonWinnerEmailTemplateHtml"]).required();
export const WinnerTemplateSchema = template.extend({ intent: z.enum(["template", "send-test"]).default("template") });

export const ConfirmWinnersSchema = z.object({
  intent: z.literal("confirm"),
  season: z.string({ error: "Choose a season." }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a season."),
});

const seasonParam = z.string({ error: "Choose a season." }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a season.");
const memberId = z.string({ error: "Choose a winner." }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "Choose a winner.");

/** A winner's prize claim: show the decrypted address (audited), mark the prize shipped, or send a new claim link. */
export const PrizeClaimActionSchema = z.object({ intent: z.enum(["reveal-address", "mark-shipped", "resend-claim-link"]), season: seasonParam, memberId });

/** Everything the Seasons screen posts. */
export const SeasonsActionSchema = z.discriminatedUnion("intent", [
  SeasonPrizesSchema,
  template.extend({ intent: z.literal("template") }),
  template.extend({ intent: z.literal("send-test") }),
  ConfirmWinnersSchema,
  PrizeClaimActionSchema.extend({ intent: z.literal("reveal-address") }),
  PrizeClaimActionSchema.extend({ intent: z.literal("mark-shipped") }),
  PrizeClaimActionSchema.extend({ intent: z.literal("resend-claim-link") }),
  RehearseSeasonCloseSchema,
]);
