import { Film, Package, Users } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/overview";
import { LocalTime } from "~/components/local-time";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireStaff } from "~/lib/auth/guards.server";
import { getOverviewCounts, listRecentActivity } from "~/lib/reports/overview.server";

export const meta: Route.MetaFunction = () => [{ title: "Overview | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "overview");
  const [counts, activity] = await Promise.all([getOverviewCounts(), listRecentActivity()]);
  return { counts, activity };
}

const QUICK_ACTIONS = [
  { label: "Add New Product", to: "/admin/products" },
  { label: "Manage Videos", to: "/admin/video-manager" },
  { label: "View Waitlist", to: "/admin/waitlist-emails" },
  { label: "Edit Content", to: "/admin/text-editor" },
  { label: "All Site Settings", to: "/admin/settings" },
];

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { counts, activity } = loaderData;
  const cards = [
    { title: "Total Waitlist Users", value: counts.totalWaitlistUsers, to: "/admin/waitlist-emails", icon: Users },
    { title: "Videos Managed", value: counts.videosManaged, to: "/admin/video-manager", icon: Film },
    { title: "Products Listed", value: counts.productsListed, to: "/admin/products", icon: Package },
  ];
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <h1 className="text-3xl font-extrabold">Admin Overview</h1>
      <div className="grid gap-4 sm:grid-cols-3">
        {cards.map((card) => (
          <Link key={card.title} to={card.to} className="group rounded-xl focus-visible:outline-2 focus-visible:outline-ring">
            <Card className="h-full transition-shadow group-hover:shadow-md">
              <CardHeader row className="items-center">
                <CardTitle size="base">{card.title}</CardTitle>
                <card.icon className="size-5 text-muted-foreground" aria-hidden="true" />
              </CardHeader>
              <CardContent>
                <p className="text-4xl font-extrabold">{card.value}</p>
                <p className="mt-1 text-sm text-muted-foreground">Click to manage</p>
              </CardContent>
            </Card>
          </Link>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            {QUICK_ACTIONS.map((quick) => (
              <Button key={quick.label} asChild variant="outline">
                <Link to={quick.to}>{quick.label}</Link>
              </Button>
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Recent Activity</CardTitle>
          </CardHeader>
          <CardContent>
            {activity.length === 0 ? (
              <p className="text-sm text-muted-foreground">No recent activity to display.</p>
            ) : (
              <ul className="divide-y">
                {activity.map((entry) => (
                  <li key={`${entry.kind}-${entry.id}`} className="flex items-center justify-between gap-4 py-2">
                    <Link to={entry.href} className="font-semibold underline-offset-4 hover:underline">
                      {entry.label}
                    </Link>
                    <LocalTime value={entry.at} className="shrink-0 text-xs text-muted-foreground" />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
