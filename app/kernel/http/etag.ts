/**
 * Whether a request's If-None-Match names `etag` (RFC 9110 §13.1.2: a list of entity tags
 * or `*`, compared weakly, so `W/"x"` matches `"x"`): answer 304 then.
 */
export function isNoneMatch(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim())
    .some((tag) => tag === "*" || tag.replace(/^W\//, "") === opaque);
}
