// Any base works: a candidate that passes the checks below is a path, so it resolves
// onto whatever origin it is given, and anything that would leave that origin is refused.
const OUR_ORIGIN = "http://launchcrew.invalid";

/**
 * A same-origin path (with query and hash) to redirect to, or the fallback.
 * Refuses backslashes, whitespace and control characters (browsers drop or rewrite
 * them, turning `/\evil` or `/\t/evil` into `//evil`), anything not starting with one
 * "/", and whatever the URL parser resolves onto another origin or into a
 * protocol-relative `//host` path.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\s\u0000-\u001f\u007f-\u009f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, OUR_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== OUR_ORIGIN || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** After sign-out: from /admin… or /dashboard go to /login, otherwise home (spec §4). */
export function signOutDestination(from: string): string {
  const path = safeRedirectPath(from, "/");
  return path.startsWith("/admin") || path.startsWith("/dashboard") ? "/login" : "/";
}
