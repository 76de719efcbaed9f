import { webManifest } from "~/lib/site-index/site-index.server";

export function loader() {
  return Response.json(webManifest(), { headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" } });
}
