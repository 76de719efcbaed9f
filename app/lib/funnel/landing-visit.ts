import { isbot } from "isbot";

/**
 * Whether a request for the landing page is a person's page view (docs/decisions/0015).
 * Not counted: other methods; the first leg of a `?ref=` link (the root loader answers
 * it with a redirect, and the page view is the request that follows); React Router's
 * data requests for in-app navigation and revalidation, and prefetches (the browser marks
 * them with Sec-Fetch-Dest and Sec-Purpose); bots and clients that send no user agent.
 */
export function isLandingPageView(request: Request): boolean {
  if (request.method !== "GET") return false;
  if (new URL(request.url).searchParams.has("ref")) return false;
  const destination = request.headers.get("Sec-Fetch-Dest");
  if (destination && destination !== "document") return false;
  const purpose = [request.headers.get("Sec-Purpose"), request.headers.get("Purpose"), request.headers.get("X-Moz")].join(" ");
  if (/prefetch|prerender/i.test(purpose)) return false;
  const userAgent = request.headers.get("User-Agent");
  return Boolean(userAgent) && !isbot(userAgent);
}
