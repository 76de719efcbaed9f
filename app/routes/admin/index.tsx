import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/lib/auth/guards.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw redirect("/admin/overview");
}
