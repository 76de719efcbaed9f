import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getAuth } from "~/lib/auth/auth.server";
import { safeRedirectPath, signOutDestination } from "~/lib/auth/redirects";
import { setFlash } from "~/lib/flash.server";
import { readFormData } from "~/kernel/http/form-data.server";
import { log } from "~/kernel/log.server";

export async function loader() {
  throw redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const from = String(form.get("from") ?? new URL(request.headers.get("Referer") ?? "/", "http://x").pathname);
  const expired = form.get("reason") === "expired";
  const headers = new Headers();
  try {
    const result = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch (error) {
    log.error("sign-out failed", { requestId: context.requestId, error });
    headers.append("Set-Cookie", await setFlash("sign-out-failed"));
    throw redirect(safeRedirectPath(from, "/"), { headers });
  }
  headers.append("Set-Cookie", await setFlash(expired ? "session-expired" : "signed-out"));
  throw redirect(signOutDestination(from), { headers });
}
