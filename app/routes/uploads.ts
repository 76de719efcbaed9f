import { data } from "react-router";
import type { Route } from "./+types/uploads";
import { isSafeLocation } from "~/lib/storage/storage-backend";
import { contentTypeOf, getStorage, UPLOAD_CACHE_SECONDS } from "~/lib/storage/storage.server";

// Public URLs of uploaded files: /uploads/{bucket}/{key}.
export async function loader({ params }: Route.LoaderArgs) {
  const bucket = params.bucket;
  const key = params["*"] ?? "";
  if (!isSafeLocation(bucket, key)) throw data("Not Found", { status: 404 });
  const file = await getStorage().open(bucket, key);
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
