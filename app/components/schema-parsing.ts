import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { config, type z } from "zod";
import type { FormParser, FormSchema } from "~/components/use-schema-form";

// In the browser Zod would probe for eval (`new Function`) to compile parsers, which our
// Content-Security-Policy refuses — a CSP violation on every page with a form. The
// interpreted parser is plenty for a form; the server keeps the compiled one.
if (typeof document !== "undefined") config({ jitless: true });

export type ObjectSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** Conform's reading of a form against one Zod schema, the one its action parses with. */
export function formParser<Schema extends ObjectSchema>(
  schema: Schema,
  { keepEmptyFields = false }: { keepEmptyFields?: boolean } = {},
): FormParser<z.input<Schema>, z.output<Schema>> {
  return (formData) => parseWithZod(formData, { schema, disableAutoCoercion: keepEmptyFields });
}

/** A schema the page has loaded already (the back office): checked from the first keystroke. */
export function eagerFormSchema<Schema extends ObjectSchema>(
  schema: Schema,
  options: { keepEmptyFields?: boolean } = {},
): FormSchema<z.input<Schema>, z.output<Schema>> {
  return { constraint: getZodConstraint(schema), parser: formParser(schema, options) };
}
