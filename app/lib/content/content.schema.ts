import { z } from "zod";
import { CONTENT_FIELDS, type ContentName } from "./content-fields";
import { DEFAULT_LANGUAGE, LANGUAGES } from "~/kernel/i18n/languages";
import { noControlCharactersInText } from "~/lib/text-rules";

const LIMITS = { plain: 300, rich: 50_000 } as const;

/** Which language a content editor's tab saves (a hidden field; English when left out). */
export const ContentLanguageSchema = z.enum(LANGUAGES, { error: "Choose English or Spanish." }).default(DEFAULT_LANGUAGE);

/**
 * The editor form for these fields in one language, with sane lengths. Only fields that
 * are sent are saved, so forms using it keep empty fields as "" (`keepEmptyFields`): an
 * emptied field is saved empty (in Spanish: not translated), a field not sent is left alone.
 */
export function contentFormSchema<K extends ContentName>(names: readonly K[]) {
  return z.object({
    language: ContentLanguageSchema,
    ...(Object.fromEntries(
      names.map((name) => [name, z.string().max(LIMITS[CONTENT_FIELDS[name].kind], `${CONTENT_FIELDS[name].label} is too long.`).refine(...noControlCharactersInText).optional()]),
    ) as Record<K, z.ZodOptional<z.ZodString>>),
  });
}
