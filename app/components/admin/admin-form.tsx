import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useFetcher } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { useActionToast } from "~/components/admin/action-toast";
import { failureFor, type AdminFailure } from "~/lib/admin/failure";
import { failureToast, NETWORK_FAILURE_MESSAGE, type AdminActionResult } from "~/lib/admin/action-result";

/**
 * One admin form: Conform bound to the screen's Zod schema (the server parses with the
 * same one), posted by a fetcher, its answer shown as the spec's toast. `id` carries the
 * saved version, so a save re-keys the form with the stored values while a background
 * revalidation leaves a draft alone.
 */
export function useAdminForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>({
  id,
  schema,
  defaultValue,
  failure,
}: {
  id: string;
  schema: Schema;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** The failure toast shown when the browser refuses the form (the server's is the same). */
  failure: AdminFailure;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const documentResult = useActionData() as AdminActionResult | undefined;
  const result = fetcher.data ?? documentResult;
  useActionToast(fetcher.data);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: fetcher.state === "idle" ? (result?.form as SubmissionResult<string[]> | undefined) : undefined,
    defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  /** Conform's submit check, plus the spec's toast when the browser refuses the form. */
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    form.onSubmit(event);
    if (!event.defaultPrevented) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const formData = new FormData(event.currentTarget, submitter);
    const submission = parseWithZod(formData, { schema });
    const message = submission.status === "error" ? Object.values(submission.error ?? {}).flat().find(Boolean) : undefined;
    if (message) {
      const shown = failureToast(failureFor(failure, formData), message);
      toast.error(shown.title, { description: shown.description });
    }
  }

  return { form, fields, fetcher, onSubmit, isSaving: fetcher.state !== "idle", result };
}

/**
 * The browser half of every admin action: when the server cannot be reached, answer
 * with the screen's failure toast instead of an error page, so the edits stay.
 */
export function adminClientAction(failure: AdminFailure) {
  return async ({ request, serverAction }: { request: Request; serverAction: () => Promise<unknown> }) => {
    const form = await request.clone().formData().catch(() => new FormData());
    try {
      return await serverAction();
    } catch (error) {
      if (error instanceof Response) throw error; // a redirect (e.g. the session ended) stays one
      return { ok: false, toast: failureToast(failureFor(failure, form), NETWORK_FAILURE_MESSAGE) } satisfies AdminActionResult;
    }
  };
}
