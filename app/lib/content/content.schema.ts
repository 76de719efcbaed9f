import { z } from "zod";
import { CONTENT_FIELDS, type ContentName } from "./content-fields";

const LIMITS = { plain: 300, rich: 50_000 } as const;

/** The editor form: each field optional (only sent fields are saved), with sane lengths. */
export function contentFormSchema(names: readonly ContentName[]) {
  return z.object(
    Object.fromEntries(
      names.map((name) => [name, z.string().max(LIMITS[CONTENT_FIELDS[name].kind], `${CONTENT_FIELDS[name].label} is too long.`).optional()]),
    ) as Record<ContentName, z.ZodOptional<z.ZodString>>,
  );
}
