import {
  BarChart3,
  ExternalLink,
  FileText,
  Film,
  LayoutDashboard,
  LogOut,
  Mail,
  Package,
  Settings,
  Share2,
  Trophy,
  Users,
  type LucideIcon,
} from "lucide-react";
import { Form, NavLink, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin } from "~/lib/auth/guards.server";
import { ADMIN_SECTIONS } from "~/lib/admin-navigation";
import { cn } from "~/lib/utils";

export const handle = { chrome: "none" };

const ICONS: Record<string, LucideIcon> = {
  overview: LayoutDashboard,
  products: Package,
  "video-manager": Film,
  "social-share": Share2,
  "waitlist-emails": Users,
  "referral-leaderboard": Trophy,
  "text-editor": FileText,
  "welcome-email-editor": Mail,
  "reports-analytics": BarChart3,
  settings: Settings,
};

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { adminEmail: admin.email };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40 md:flex-row">
      <aside className="border-b bg-card md:sticky md:top-0 md:h-dvh md:w-64 md:shrink-0 md:border-b-0 md:border-r">
        <div className="flex h-full flex-col gap-4 p-4">
          <div>
            <p className="text-lg font-extrabold">Admin Panel</p>
            <p className="truncate text-xs text-muted-foreground" title={loaderData.adminEmail}>
              Signed in as <span data-testid="admin-email">{loaderData.adminEmail}</span>
            </p>
          </div>
          <nav aria-label="Admin" className="flex-1 overflow-y-auto">
            <ul className="flex flex-row flex-wrap gap-1 md:flex-col">
              {ADMIN_SECTIONS.map((section) => {
                const Icon = ICONS[section.path] ?? LayoutDashboard;
                return (
                  <li key={section.path}>
                    <NavLink
                      to={`/admin/${section.path}`}
                      className={({ isActive }) =>
                        cn(
                          "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold hover:bg-muted",
                          isActive && "bg-primary text-primary-foreground hover:bg-primary",
                        )
                      }
                    >
                      <Icon className="size-4" aria-hidden="true" />
                      {section.label}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="flex flex-col gap-1 border-t pt-4">
            <a href="/" target="_blank" rel="noopener" className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold hover:bg-muted">
              <ExternalLink className="size-4" aria-hidden="true" /> View Live Site
            </a>
            <Form method="post" action="/logout">
              <input type="hidden" name="from" value={location.pathname} />
              <button type="submit" className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold hover:bg-muted">
                <LogOut className="size-4" aria-hidden="true" /> Logout
              </button>
            </Form>
          </div>
        </div>
      </aside>
      <main className="flex-1 p-4 md:p-8">
        <Outlet />
      </main>
    </div>
  );
}
