import { z } from "zod";
import { noControlCharacters, noControlCharactersInText } from "~/lib/text-rules";

const memberId = z.string().max(64).refine(...noControlCharacters);

export const MemberTagsSchema = z.object({
  intent: z.literal("tags"),
  memberId,
  // Comma separated; trimmed, empties and duplicates dropped by the domain (spec §5).
  tags: z.string().max(2000, "Tags can be at most 2000 characters in all.").refine(...noControlCharactersInText).default(""),
});

export const MemberNotesSchema = z.object({
  intent: z.literal("notes"),
  memberId,
  notes: z.string().max(5000, "Notes can be at most 5000 characters.").refine(...noControlCharactersInText).default(""),
});

export const MemberBlockSchema = z.object({ intent: z.literal("block"), memberId, isBlocked: z.enum(["true", "false"]) });

/** Erase a member everywhere (ADR 0045); the dialog that posts it is the confirmation. */
export const MemberEraseSchema = z.object({ intent: z.literal("erase"), memberId, confirm: z.literal("erase", { error: "Confirm the erasure." }) });

/** Everything the Waitlist Emails screen posts. */
export const MemberChangeSchema = z.discriminatedUnion("intent", [MemberTagsSchema, MemberNotesSchema, MemberBlockSchema]);
