import { data } from "react-router";
import type { Route } from "./+types/uploads";
import { log } from "~/kernel/log.server";
import { isSafeLocation } from "~/lib/storage/storage-backend";
import { contentTypeOf, getStorage, STORAGE_RETRY_SECONDS, UPLOAD_CACHE_SECONDS } from "~/lib/storage/storage.server";

// Public URLs of uploaded files: /uploads/{bucket}/{key}, the same on every machine (ADR 0070).
export async function loader({ params, context }: Route.LoaderArgs) {
  const bucket = params.bucket;
  const key = params["*"] ?? "";
  if (!isSafeLocation(bucket, key)) throw data("Not Found", { status: 404 });
  const file = await getStorage()
    .open(bucket, key)
    .catch((error: unknown) => {
      // The store is down or slow: this image waits, nothing else does.
      log.warn("an upload could not be read from storage", { requestId: context.requestId, error });
      throw data("Service Unavailable", { status: 503, headers: { "Retry-After": String(STORAGE_RETRY_SECONDS) } });
    });
  if (!file) throw data("Not Found", { status: 404 });
  return new Response(file.stream, {
    headers: {
      "Content-Type": contentTypeOf(key),
      "Content-Length": String(file.size),
      "Cache-Control": `public, max-age=${UPLOAD_CACHE_SECONDS}`,
      "X-Content-Type-Options": "nosniff",
      // An uploaded SVG opened on its own cannot run script or load anything.
      "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    },
  });
}
