import type { DefaultValue, SubmissionResult } from "@conform-to/react";
import { useActionData, useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { useMemo } from "react";
import type { z } from "zod";
import { showActionToast } from "~/components/admin/action-toast";
import { eagerFormSchema, type ObjectSchema } from "~/components/schema-parsing";
import { useSchemaForm } from "~/components/use-schema-form";
import { failureToast, NETWORK_FAILURE_MESSAGE, type AdminActionResult } from "~/lib/admin/action-result";
import { failureFor, type AdminFailure } from "~/lib/admin/failure";

/**
 * One admin form: the screen's Zod schema bound through Conform (the action parses with
 * the same one), posted by a fetcher, its answer shown as the spec's toast. `id` carries
 * the saved version, so a save re-keys the form with the stored values while a
 * background revalidation leaves a draft alone.
 */
export function useAdminForm<Schema extends ObjectSchema>({
  id,
  schema,
  defaultValue,
  failure,
  keepEmptyFields,
}: {
  id: string;
  schema: Schema;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** The screen's failure toast, also shown when the browser refuses the form. */
  failure: AdminFailure;
  keepEmptyFields?: boolean;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const documentResult = useActionData() as AdminActionResult | undefined;
  const result = fetcher.data ?? documentResult;
  const formSchema = useMemo(() => eagerFormSchema(schema, { keepEmptyFields }), [schema, keepEmptyFields]);
  const { form, fields, onSubmit } = useSchemaForm({
    id,
    schema: formSchema,
    defaultValue,
    lastResult: fetcher.state === "idle" ? (result?.form as SubmissionResult<string[]> | undefined) : undefined,
    onInvalid: (message, formData) => {
      const shown = failureToast(failureFor(failure, formData), message);
      toast.error(shown.title, { description: shown.description });
    },
  });
  const formProps = { method: "post" as const, id: form.id, onSubmit, noValidate: form.noValidate };
  return { form, fields, fetcher, formProps, isSaving: fetcher.state !== "idle", result };
}

/**
 * The browser half of every admin action: shows the answer's toast as it arrives, and
 * when the server cannot be reached answers with the screen's failure toast instead of
 * an error page, so the edits stay.
 */
export function adminClientAction(failure: AdminFailure) {
  return async ({ request, serverAction }: { request: Request; serverAction: () => Promise<unknown> }) => {
    const form = await request.clone().formData().catch(() => new FormData());
    let result: unknown;
    try {
      result = await serverAction();
    } catch (error) {
      if (error instanceof Response) throw error; // a redirect (e.g. the session ended) stays one
      result = { ok: false, toast: failureToast(failureFor(failure, form), NETWORK_FAILURE_MESSAGE) } satisfies AdminActionResult;
    }
    showActionToast(result);
    return result;
  };
}
