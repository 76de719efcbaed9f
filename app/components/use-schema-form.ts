import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { config, type z } from "zod";

// In the browser Zod would probe for eval (`new Function`) to compile parsers, which our
// Content-Security-Policy refuses — a CSP violation on every page with a form. The
// interpreted parser is plenty for a form; the server keeps the compiled one.
if (typeof document !== "undefined") config({ jitless: true });

/**
 * Conform bound to one Zod schema: the browser checks with the very schema the action
 * parses with, so both show the same messages. `onInvalid` hears the first message
 * when the browser refuses a submit (for the spec's toasts).
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>({
  id,
  schema,
  defaultValue,
  lastResult,
  onInvalid,
  keepEmptyFields = false,
}: {
  id: string;
  schema: Schema;
  defaultValue?: DefaultValue<z.input<Schema>>;
  lastResult?: SubmissionResult<string[]> | null;
  onInvalid?: (message: string, formData: FormData) => void;
  /** As the action's `keepEmptyFields`: an emptied field is "", not missing. */
  keepEmptyFields?: boolean;
}) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: keepEmptyFields }),
  });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    form.onSubmit(event);
    if (!event.defaultPrevented || !onInvalid) return;
    const formData = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    const submission = parseWithZod(formData, { schema, disableAutoCoercion: keepEmptyFields });
    const message = submission.status === "error" ? Object.values(submission.error ?? {}).flat().find(Boolean) : undefined;
    if (message) onInvalid(message, formData);
  }

  return { form, fields, onSubmit };
}
