import { data } from "react-router";
import type { Route } from "./+types/auth";
import { getAuth } from "~/lib/auth/auth.server";

// Only the magic-link landing is served by Better Auth directly. Requesting a link
// goes through /login (rate limits) and signing out through /logout.
const PUBLIC_AUTH_PATHS = new Set(["/api/auth/magic-link/verify"]);

export async function loader({ request }: Route.LoaderArgs) {
  if (!PUBLIC_AUTH_PATHS.has(new URL(request.url).pathname)) throw data("Not Found", { status: 404 });
  return getAuth().handler(request);
}

export async function action() {
  throw data("Not Found", { status: 404 });
}
