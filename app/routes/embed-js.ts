import { createHash } from "node:crypto";
import { embedScript } from "~/lib/embed/embed-script";
import { getEnv } from "~/kernel/env.server";
import { isNoneMatch } from "~/kernel/http/etag";

let cached: { body: string; etag: string } | undefined;

// The one-line embeddable join form. Public and cacheable: the script holds no settings
// (it asks /api/embed/config), so a change of colour or text shows without a new script.
export function loader({ request }: { request: Request }) {
  if (!cached) {
    const body = embedScript(getEnv().origin);
    cached = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 16)}"` };
  }
  const headers = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "public, max-age=600",
    ETag: cached.etag,
    "Cross-Origin-Resource-Policy": "cross-origin",
  };
  if (isNoneMatch(request.headers.get("If-None-Match"), cached.etag)) return new Response(null, { status: 304, headers });
  return new Response(cached.body, { headers });
}
