import { z } from "zod";
import { LANGUAGE_NAMES, TRANSLATED_LANGUAGES, type TranslatedLanguage } from "~/kernel/i18n/languages";
import { noControlCharacters, noControlCharactersInText } from "~/lib/text-rules";
import { AudienceSchema } from "../audience";
import { BROADCAST_PACE } from "../pace";
import { BROADCAST_PLACEHOLDERS, unknownPlaceholders } from "./placeholders";

export const BROADCAST_SUBJECT_MAX = 200;
export const BROADCAST_HTML_MAX = 100_000;
/** How far ahead a broadcast may be scheduled. */
export const BROADCAST_SCHEDULE_MAX_DAYS = 365;

const KNOWN = Object.keys(BROADCAST_PLACEHOLDERS).join(", ");
const knownPlaceholdersOnly = (text: string, ctx: z.RefinementCtx) => {
  const unknown = unknownPlaceholders(text);
  if (unknown.length > 0) ctx.addIssue({ code: "custom", message: `Unknown placeholder ${unknown.join(", ")}. Use ${KNOWN}.` });
};

export const broadcastSubject = z
  .string({ error: "Subject is required" })
  .trim()
  .min(1, "Subject is required")
  .max(BROADCAST_SUBJECT_MAX, `Subject must be at most ${BROADCAST_SUBJECT_MAX} characters`)
  .refine(...noControlCharacters)
  .superRefine(knownPlaceholdersOnly);

export const broadcastHtml = z
  .string({ error: "Message is required" })
  .max(BROADCAST_HTML_MAX, "Message is too long")
  .refine(...noControlCharactersInText)
  .refine((html) => html.replace(/<[^>]*>/g, "").trim().length > 0, "Message is required")
  .superRefine(knownPlaceholdersOnly);

/** A broadcast in one language. */
export const BroadcastVersionSchema = z.object({ subject: broadcastSubject, html: broadcastHtml });
export type BroadcastVersion = z.infer<typeof BroadcastVersionSchema>;

/** A broadcast's translations (ADR 0076): a version per language other than the default; members whose language has none get the default. */
export const BroadcastTranslationsSchema = z.partialRecord(z.enum(TRANSLATED_LANGUAGES), BroadcastVersionSchema);
export type BroadcastTranslations = z.infer<typeof BroadcastTranslationsSchema>;

/** A broadcast as the API and the domain take it: the audience as JSON, `scheduledAt` absent for "now", `translations` absent for the default language to everyone. */
export const BroadcastInputSchema = z.object({
  subject: broadcastSubject,
  html: broadcastHtml,
  translations: BroadcastTranslationsSchema.optional(),
  audience: AudienceSchema,
  scheduledAt: z.coerce.date({ error: "Enter a valid date and time" }).optional(),
});
export type BroadcastInput = z.infer<typeof BroadcastInputSchema>;

/** The compose form's fields of a translation's tab: `subject:es`, `html:es` (as site text keys are named, ADR 0054). */
export const translationField = (part: "subject" | "html", language: TranslatedLanguage) => `${part}:${language}` as const;
type TranslationFieldName = ReturnType<typeof translationField>;

// A translation's tab: optional, both or neither (compose-input.server.ts checks the pair).
const translationFields = Object.fromEntries(
  TRANSLATED_LANGUAGES.flatMap((language) => {
    const name = LANGUAGE_NAMES[language];
    return [
      [
        translationField("subject", language),
        z.string().trim().max(BROADCAST_SUBJECT_MAX, `${name} subject must be at most ${BROADCAST_SUBJECT_MAX} characters`).refine(...noControlCharacters).superRefine(knownPlaceholdersOnly).default(""),
      ],
      [translationField("html", language), z.string().max(BROADCAST_HTML_MAX, `${name} message is too long`).refine(...noControlCharactersInText).superRefine(knownPlaceholdersOnly).default("")],
    ];
  }),
) as Record<TranslationFieldName, z.ZodDefault<z.ZodString>>;

/** The compose form: the audience in flat fields (the segments a broadcast offers in the back office). */
const composeFields = {
  subject: broadcastSubject,
  html: broadcastHtml,
  ...translationFields,
  audienceKind: z.enum(["confirmed", "wave", "tag", "language", "season_winners"], { error: "Choose who gets it" }),
  waveId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  tag: z.string().trim().max(50).default(""),
  language: z.string().trim().max(10).default(""),
  season: z.string().trim().max(10).default(""),
  /** "now", or the local date and time in the site's time zone ("2026-12-01T09:00"). */
  when: z.enum(["now", "later"]).default("now"),
  scheduledAt: z.string().trim().max(20).default(""),
};

export const BroadcastFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("preview"), ...composeFields }),
  z.object({ intent: z.literal("send-test"), ...composeFields }),
  z.object({ intent: z.literal("create"), ...composeFields }),
  z.object({ intent: z.enum(["pause", "resume", "cancel"]), broadcastId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  z.object({
    intent: z.literal("pace"),
    perMinute: z.coerce
      .number({ error: "Enter how many messages a minute" })
      .int("Enter a whole number of messages a minute")
      .min(BROADCAST_PACE.min, `The pace must be at least ${BROADCAST_PACE.min} message a minute`)
      .max(BROADCAST_PACE.max, `The pace can be at most ${BROADCAST_PACE.max.toLocaleString("en-US")} messages a minute`),
  }),
]);
export type BroadcastForm = z.infer<typeof BroadcastFormSchema>;
export type ComposeForm = Extract<BroadcastForm, { intent: "preview" | "send-test" | "create" }>;
