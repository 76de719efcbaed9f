import { useForm, type DefaultValue, type Submission, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { z } from "zod";
import type { ObjectSchema } from "./schema-parsing";

/** The native constraints (`required`, `maxLength`…) Conform renders, per field. */
export type FormConstraints = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;
type FormShape = Record<string, unknown>;

/** Reads a submitted form against the form's schema, as Conform's `onValidate` does. */
export type FormParser<Input extends FormShape, Output> = (formData: FormData) => Submission<Input, string[], Output>;

/**
 * A form's schema as the browser holds it: the native constraints Conform renders (also
 * what a browser without JavaScript checks), and the parser, or how to load it. Public
 * pages load Zod only when someone starts on the form (ADR 0025): until then, and
 * without JavaScript, the action's parse of the same schema is the check.
 */
export type FormSchema<Input extends FormShape, Output> = { constraint: FormConstraints } & (
  | { parser: FormParser<Input, Output> }
  | { loadParser: () => Promise<FormParser<Input, Output>> }
);

/** A public form's schema, loaded (with Zod) on the form's first focus or touch. */
export function lazyFormSchema<Schema extends ObjectSchema>(
  constraint: FormConstraints,
  loadSchema: () => Promise<Schema>,
): FormSchema<z.input<Schema>, z.output<Schema>> {
  let loading: Promise<FormParser<z.input<Schema>, z.output<Schema>>> | null = null;
  const load = async () => {
    const [{ formParser }, schema] = await Promise.all([import("./schema-parsing"), loadSchema()]);
    return formParser(schema);
  };
  const once = () => (loading ??= load().catch((error: unknown) => {
    loading = null; // a failed download (offline) is tried again on the next focus
    throw error;
  }));
  return { constraint, loadParser: once };
}

/** The loaded parser: at once for an eager schema, after the form is first used for a lazy one. */
function useParser<Input extends FormShape, Output>(formId: string, schema: FormSchema<Input, Output>) {
  const [loaded, setLoaded] = useState<{ parser: FormParser<Input, Output> } | null>(null);
  const loadParser = "loadParser" in schema ? schema.loadParser : null;
  useEffect(() => {
    if (!loadParser) return;
    let isActive = true;
    const load = (event: Event) => {
      if (!(event.target instanceof Element) || event.target.closest("form")?.id !== formId) return;
      loadParser().then(
        (ready) => isActive && setLoaded({ parser: ready }),
        () => undefined, // the server still checks the form
      );
    };
    document.addEventListener("focusin", load);
    document.addEventListener("pointerdown", load);
    return () => {
      isActive = false;
      document.removeEventListener("focusin", load);
      document.removeEventListener("pointerdown", load);
    };
  }, [formId, loadParser]);
  return "parser" in schema ? schema.parser : loaded?.parser;
}

/**
 * Conform bound to one Zod schema: the browser checks with the very schema the action
 * parses with, so both show the same messages. `onInvalid` hears the first message
 * when the browser refuses a submit (for the spec's toasts).
 */
export function useSchemaForm<Input extends FormShape, Output>({
  id,
  schema,
  defaultValue,
  lastResult,
  onInvalid,
}: {
  id: string;
  schema: FormSchema<Input, Output>;
  defaultValue?: DefaultValue<Input>;
  lastResult?: SubmissionResult<string[]> | null;
  onInvalid?: (message: string, formData: FormData) => void;
}) {
  const parser = useParser(id, schema);
  const [form, fields] = useForm<Input, Output>({
    id,
    lastResult,
    defaultValue,
    constraint: schema.constraint,
    // Without a parser Conform would post each blur's check to the server: the browser
    // checks from when the schema has loaded, the server on submit.
    shouldValidate: parser ? "onBlur" : "onSubmit",
    shouldRevalidate: parser ? "onInput" : "onSubmit",
    onValidate: parser && (({ formData }) => parser(formData)),
  });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    form.onSubmit(event);
    if (!event.defaultPrevented || !onInvalid || !parser) return;
    const formData = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    const submission = parser(formData);
    const message = submission.status === "error" ? Object.values(submission.error ?? {}).flat().find(Boolean) : undefined;
    if (message) onInvalid(message, formData);
  }

  return { form, fields, onSubmit };
}
