import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requireStaff } from "~/lib/auth/guards.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  throw redirect("/admin/overview");
}
