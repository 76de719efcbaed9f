import { z } from "zod";
import { CONTENT_FIELDS, type ContentName } from "./content-fields";

const LIMITS = { plain: 300, rich: 50_000 } as const;

/** The editor form for these fields (an emptied field arrives as empty), with sane lengths. */
export function contentFormSchema<K extends ContentName>(names: readonly K[]) {
  return z.object(
    Object.fromEntries(
      names.map((name) => [name, z.string().max(LIMITS[CONTENT_FIELDS[name].kind], `${CONTENT_FIELDS[name].label} is too long.`).default("")]),
    ) as Record<K, z.ZodDefault<z.ZodString>>,
  );
}
