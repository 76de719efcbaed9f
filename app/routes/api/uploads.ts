import { data } from "react-router";
import type { Route } from "./+types/uploads";
import { requireStaffApi } from "~/lib/auth/guards.server";
import { isAppError } from "~/lib/errors";
import { readFormData } from "~/lib/http/form-data.server";
import { log } from "~/lib/log.server";
import { MAX_UPLOAD_BYTES, storeImage, UPLOAD_TARGETS, UploadTargetSchema } from "~/lib/storage/storage.server";

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaffApi(request, "products", "edit");
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_UPLOAD_BYTES + 64 * 1024) {
    return data({ error: "The file is larger than 5 MB." }, { status: 413 });
  }
  const form = await readFormData(request);
  const target = UploadTargetSchema.safeParse(form.get("target"));
  const file = form.get("file");
  if (!target.success) return data({ error: "Unknown upload target." }, { status: 400 });
  if (!(file instanceof File) || file.size === 0) return data({ error: "Please select a file to upload." }, { status: 400 });
  try {
    const { bucket, folder, allowed } = UPLOAD_TARGETS[target.data];
    const stored = await storeImage({ bucket, folder, allowed, fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    return data({ url: stored.publicUrl });
  } catch (error) {
    if (isAppError(error)) return data({ error: error.userMessage }, { status: error.status });
    log.error("upload failed", { requestId: context.requestId, error });
    return data({ error: "The file could not be saved." }, { status: 500 });
  }
}

export async function loader() {
  throw data("Method Not Allowed", { status: 405 });
}
