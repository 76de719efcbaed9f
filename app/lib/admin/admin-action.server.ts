import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { requireStaff } from "../auth/guards.server";
import type { AdminSectionPath } from "./navigation";
import type { SessionUser } from "../auth/session.server";
import { isAppError } from "../../kernel/errors";
import { readFormData } from "../../kernel/http/form-data.server";
import { log } from "../../kernel/log.server";
import { failureToast, type AdminActionResult, type FailureToast } from "./action-result";
import { failureFor, type AdminFailure } from "./failure";

export type AdminActionSuccess<Value> = {
  title: string;
  description?: string;
  value?: Value;
  /** Clear the form after this change (an "add" form); edit forms are re-keyed by their saved version instead. */
  resetForm?: boolean;
};

export type AdminActionOptions<Schema extends z.ZodType, Value> = {
  /** The screen: whoever may change things on it (SECTION_ACCESS) may run this. */
  section: AdminSectionPath;
  schema: Schema;
  /** The spec's failure toast, chosen from the posted fields (e.g. by intent). */
  failure: AdminFailure;
  run: (input: z.output<Schema>, admin: SessionUser) => Promise<AdminActionSuccess<Value>>;
  /** Keep empty fields as "" instead of Conform's "missing" (forms where "sent empty" and "not sent" differ). */
  keepEmptyFields?: boolean;
};

const UNREADABLE_FORM = "Please check the form and try again.";
const UNEXPECTED = "Please try again.";

/**
 * Every admin action: guard, parse the form with the screen's Zod schema (the same one
 * the browser validates with), run one domain call, and answer in one shape. Expected
 * failures (AppError) become the spec's toast with their status; anything else is
 * logged once and answered 500 without internals.
 */
export async function adminAction<Schema extends z.ZodType, Value = undefined>(
  { request, context }: { request: Request; context: { requestId?: string } },
  { section, schema, failure, run, keepEmptyFields = false }: AdminActionOptions<Schema, Value>,
) {
  const admin = await requireStaff(request, section, "edit");
  const path = new URL(request.url).pathname;
  const form = await readFormData(request);
  const failed = failureFor(failure, form);
  const intent = typeof form.get("intent") === "string" ? String(form.get("intent")) : undefined;
  const submission = parseWithZod(form, { schema, disableAutoCoercion: keepEmptyFields });
  if (submission.status !== "success") {
    const reply = submission.reply();
    const firstError = Object.values(reply.error ?? {}).flat().find(Boolean) ?? UNREADABLE_FORM;
    return data<AdminActionResult<Value>>({ ok: false, toast: failureToast(failed, firstError), form: reply }, { status: 400 });
  }
  try {
    const result = await run(submission.value as z.output<Schema>, admin);
    log.info("admin change", { requestId: context.requestId, path, intent, adminId: admin.id });
    return data<AdminActionResult<Value>>({
      ok: true,
      toast: { kind: "success", title: result.title, description: result.description },
      form: submission.reply({ resetForm: result.resetForm ?? false }),
      value: result.value,
    });
  } catch (error) {
    if (isAppError(error)) {
      return data<AdminActionResult<Value>>(
        { ok: false, toast: failureToast(failed, error.userMessage), form: submission.reply({ formErrors: [error.userMessage] }) },
        { status: error.status },
      );
    }
    log.error("admin change failed", { requestId: context.requestId, path, intent, adminId: admin.id, error });
    return data<AdminActionResult<Value>>({ ok: false, toast: failureToast(failed, UNEXPECTED), form: submission.reply() }, { status: 500 });
  }
}

/**
 * An admin action whose body is a file upload (multipart, streamed by `run` itself, so
 * not parsed here): the same guard and the same answer shape as `adminAction`. `run`
 * may answer with a Response of its own (a redirect to the result).
 */
export async function adminUploadAction(
  { request, context }: { request: Request; context: { requestId?: string } },
  { section, failure, run }: { section: AdminSectionPath; failure: FailureToast; run: (request: Request, admin: SessionUser) => Promise<Response> },
) {
  const admin = await requireStaff(request, section, "edit");
  const path = new URL(request.url).pathname;
  try {
    const response = await run(request, admin);
    log.info("admin upload", { requestId: context.requestId, path, adminId: admin.id });
    return response;
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isAppError(error)) return data<AdminActionResult>({ ok: false, toast: failureToast(failure, error.userMessage) }, { status: error.status });
    log.error("admin upload failed", { requestId: context.requestId, path, adminId: admin.id, error });
    return data<AdminActionResult>({ ok: false, toast: failureToast(failure, UNEXPECTED) }, { status: 500 });
  }
}
