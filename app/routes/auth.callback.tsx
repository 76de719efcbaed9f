import { redirect } from "react-router";
import type { Route } from "./+types/auth.callback";
import { safeRedirectPath } from "~/lib/auth/redirects";
import { getSessionUser } from "~/lib/auth/session.server";
import { setFlash } from "~/lib/flash.server";

// Where a magic link lands once Better Auth has created the session.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/login?error=link");
  const destination = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/dashboard");
  throw redirect(destination, { headers: { "Set-Cookie": await setFlash("signed-in") } });
}
