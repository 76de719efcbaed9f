import { data } from "react-router";
import type { Route } from "./+types/uploads";
import { requireStaffApi } from "~/lib/auth/guards.server";
import { isAppError } from "~/kernel/errors";
import { log } from "~/kernel/log.server";
import { withImageUploadForm } from "~/lib/storage/image-upload-form.server";
import { STORAGE_RETRY_SECONDS, storeImage, UPLOAD_MISSING_MESSAGE, UPLOAD_TARGETS, UPLOAD_TOO_LARGE_MESSAGE, UploadTargetSchema } from "~/lib/storage/storage.server";

// The body's size is bounded before this runs (server/body-limit.ts); the file is streamed to a temporary file.
export async function action({ request, context }: Route.ActionArgs) {
  await requireStaffApi(request, "products", "edit");
  return withImageUploadForm(request, async ({ fields, file, isTooLarge }) => {
    if (isTooLarge) return data({ error: UPLOAD_TOO_LARGE_MESSAGE }, { status: 413 });
    const target = UploadTargetSchema.safeParse(fields.get("target"));
    if (!target.success) return data({ error: "Unknown upload target." }, { status: 400 });
    if (!file || file.content.size === 0) return data({ error: UPLOAD_MISSING_MESSAGE }, { status: 400 });
    try {
      const { bucket, folder, allowed } = UPLOAD_TARGETS[target.data];
      const stored = await storeImage({ bucket, folder, allowed, fileName: file.name, file: file.content });
      return data({ url: stored.publicUrl });
    } catch (error) {
      if (isAppError(error)) return data({ error: error.userMessage }, { status: error.status });
      log.warn("an upload could not be stored", { requestId: context.requestId, error });
      return data({ error: "The file could not be saved. Please try again." }, { status: 503, headers: { "Retry-After": String(STORAGE_RETRY_SECONDS) } });
    }
  });
}

export async function loader() {
  throw data("Method Not Allowed", { status: 405 });
}
