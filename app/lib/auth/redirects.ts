/** A same-site path to return to, or the fallback (never another origin). */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  return value;
}

/** After sign-out: from /admin… or /dashboard go to /login, otherwise home (spec §4). */
export function signOutDestination(from: string): string {
  const path = safeRedirectPath(from, "/");
  return path.startsWith("/admin") || path.startsWith("/dashboard") ? "/login" : "/";
}
