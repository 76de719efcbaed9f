import { z } from "zod";

const memberId = z.string().max(64);

export const MemberTagsSchema = z.object({
  intent: z.literal("tags"),
  memberId,
  // Comma separated; trimmed, empties and duplicates dropped by the domain (spec §5).
  tags: z.string().max(2000, "Tags can be at most 2000 characters in all.").default(""),
});

export const MemberNotesSchema = z.object({
  intent: z.literal("notes"),
  memberId,
  notes: z.string().max(5000, "Notes can be at most 5000 characters.").default(""),
});

export const MemberBlockSchema = z.object({ intent: z.literal("block"), memberId, isBlocked: z.enum(["true", "false"]) });

/** Everything the Waitlist Emails screen posts. */
export const MemberChangeSchema = z.discriminatedUnion("intent", [MemberTagsSchema, MemberNotesSchema, MemberBlockSchema]);
