const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type WriteRequest = {
  method: string;
  /** Our own origin (PUBLIC_ORIGIN), never derived from the request. */
  publicOrigin: string;
  origin: string | null;
  secFetchSite: string | null;
};

/**
 * True for a state-changing request that a browser sent from another site.
 * Browsers mark every request with Sec-Fetch-Site, or at least Origin on POST;
 * a request with neither comes from a non-browser client, which cannot ride on a
 * visitor's cookies, so it is allowed.
 */
export function isCrossOriginWrite({ method, publicOrigin, origin, secFetchSite }: WriteRequest): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (secFetchSite) return secFetchSite !== "same-origin" && secFetchSite !== "none";
  if (!origin) return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).origin !== new URL(publicOrigin).origin;
  } catch {
    return true;
  }
}
