import { z } from "zod";
import { noControlCharactersInText } from "~/lib/text-rules";

/** Waitlist Emails: start the import of a checked upload. */
export const MemberImportStartSchema = z.object({
  intent: z.literal("import"),
  importId: z.string().uuid("This import is no longer available. Upload the file again."),
  // Comma separated, added to every imported member.
  tags: z.string().max(2000, "Tags can be at most 2000 characters in all.").refine(...noControlCharactersInText).default(""),
  sendWelcome: z.literal("on").optional(),
});
