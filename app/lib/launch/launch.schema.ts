import { z } from "zod";
import { noControlCharacters, noControlCharactersInText } from "../text-rules";
import { LANGUAGES } from "../../kernel/i18n/languages";
import { AudienceSchema, MAX_AUDIENCE_COUNT, type Audience, type AudienceKind } from "./audience";

// Admin → Launch's form (browser and server): an audience kind and the one field it needs,
// previewed, then invited. A pasted list of addresses stays within a form's size; a longer
// list is imported with a tag (Waitlist Users → Import), then invited by that tag.

export const MAX_PASTED_ADDRESSES = 2_000;
export const MAX_PASTED_TEXT = 60_000;

/** The kinds an admin picks from (a wave's members are for broadcasts: every member is invited once). */
export const WAVE_AUDIENCE_KINDS = ["top_all_time", "top_month", "first_joined", "confirmed", "language", "tag", "season_winners", "members"] as const satisfies readonly AudienceKind[];

export const WaveFormSchema = z
  .object({
    intent: z.enum(["preview", "invite"]),
    name: z.string().trim().max(100, "A wave's name is at most 100 characters.").refine(...noControlCharacters).default(""),
    kind: z.enum(WAVE_AUDIENCE_KINDS, { error: "Choose who to invite." }),
    count: z.number({ error: "Enter how many members." }).int("Enter a whole number of members.").min(1, "Choose at least 1 member.").max(MAX_AUDIENCE_COUNT, "Choose at most 1,000,000 members.").optional(),
    tag: z.string().trim().max(50, "Tags are at most 50 characters.").refine(...noControlCharacters).optional(),
    language: z.enum(LANGUAGES, { error: "Choose a language." }).optional(),
    season: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-01$/, "Choose a season.").optional(),
    addresses: z.string().max(MAX_PASTED_TEXT, `Paste at most ${MAX_PASTED_ADDRESSES.toLocaleString("en-US")} addresses.`).refine(...noControlCharactersInText).optional(),
  })
  .superRefine((form, context) => {
    const missing = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if ((form.kind === "top_all_time" || form.kind === "top_month" || form.kind === "first_joined") && form.count === undefined) missing("count", "Enter how many members.");
    if (form.kind === "tag" && !form.tag) missing("tag", "Enter a tag.");
    if (form.kind === "language" && !form.language) missing("language", "Choose a language.");
    if (form.kind === "season_winners" && !form.season) missing("season", "Choose a season.");
    if (form.kind === "members" && !form.addresses?.trim()) missing("addresses", "Paste the e-mail addresses to invite.");
  });
export type WaveForm = z.infer<typeof WaveFormSchema>;

/** The addresses of a pasted list: split on commas, semicolons and white space, each once. */
export function pastedAddresses(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((part) => part.trim().toLowerCase()).filter(Boolean))];
}

/** The audience of a form other than a pasted list (that one needs its addresses looked up first). */
export function audienceOfForm(form: WaveForm): Exclude<Audience, { kind: "members" | "wave" }> | null {
  const candidate =
    form.kind === "tag" ? { kind: "tag", tag: form.tag }
    : form.kind === "season_winners" ? { kind: "season_winners", season: form.season }
    : form.kind === "confirmed" ? { kind: "confirmed" }
    : form.kind === "language" ? { kind: "language", language: form.language }
    : form.kind === "members" ? null
    : { kind: form.kind, count: form.count };
  if (!candidate) return null;
  return AudienceSchema.parse(candidate) as Exclude<Audience, { kind: "members" | "wave" }>;
}
