import type { Route } from "./+types/coming-soon";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { requireAdmin } from "~/lib/auth/guards.server";
import { ADMIN_SECTIONS } from "~/lib/admin-navigation";

// Admin screens that are not built yet share this honest notice (no fake data).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const path = new URL(request.url).pathname.replace(/^\/admin\//, "");
  const section = ADMIN_SECTIONS.find((candidate) => candidate.path === path);
  return { label: section?.label ?? "This screen" };
}

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-extrabold">{loaderData.label}</h1>
      <Card>
        <CardHeader>
          <CardTitle>Coming in the next release</CardTitle>
          <CardDescription>This part of the back office is being built and will arrive in the next release.</CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}
