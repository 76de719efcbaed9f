import { getSiteSetting } from "../settings/settings.server";

/** The request's Origin when it is a website the admin allowed to embed the form, else null. */
export async function allowedEmbedOrigin(request: Request): Promise<string | null> {
  const origin = request.headers.get("Origin");
  if (!origin) return null;
  return (await getSiteSetting("embedAllowedOrigins")).includes(origin) ? origin : null;
}

/** CORS for an allowed website: its origin only, no cookies (the form needs none). */
export function embedCorsHeaders(origin: string): Headers {
  return new Headers({
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
    "Access-Control-Allow-Headers": "Content-Type",
    // The script may read when to try again after a 503.
    "Access-Control-Expose-Headers": "Retry-After",
    "Access-Control-Max-Age": "600",
    Vary: "Origin",
    "Cache-Control": "no-store",
  });
}
