import { data } from "react-router";
import type { Route } from "./+types/session-activity";
import { getSessionUser } from "~/lib/auth/session.server";

// The browser reports activity (or 'Stay Logged In') so the server's idle timer
// follows a visitor who reads without navigating.
export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request, { touch: true });
  if (!user) return data({ signedIn: false }, { status: 401 });
  return data({ signedIn: true });
}

export async function loader() {
  throw data("Method Not Allowed", { status: 405 });
}
