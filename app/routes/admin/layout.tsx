import { ExternalLink, Loader2, LogOut } from "lucide-react";
import { Form, NavLink, Outlet, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { ADMIN_SECTIONS } from "~/lib/admin/navigation";
import { requireStaff } from "~/lib/auth/guards.server";
import { canAccess, ROLE_LABEL, type StaffRole } from "~/lib/auth/roles";
import { cn } from "~/lib/utils";
// Public pages download sonner when idle or at the first toast (ADR 0025); the back office
// has it with its first load, as a save that fails offline must still show its toast.
import "sonner";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const handle = { chrome: "none" };

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireStaff(request);
  return { adminEmail: admin.email, role: admin.role as StaffRole };
}

/** True while the router loads another admin screen. */
function useIsLoadingScreen(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location.pathname.startsWith("/admin") && navigation.location.pathname !== location.pathname;
}

/** The screen the path shows (the review queue belongs to the referral screen). */
function sectionAt(pathname: string) {
  const path = pathname.split("/")[2] ?? "";
  return ADMIN_SECTIONS.find((section) => section.path === path)?.path;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const isLoadingScreen = useIsLoadingScreen();
  const section = sectionAt(location.pathname);
  const isReadOnly = section !== undefined && !canAccess(loaderData.role, section, "edit");
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40 md:flex-row">
      <aside className="border-b bg-card md:sticky md:top-0 md:h-dvh md:w-64 md:shrink-0 md:border-b-0 md:border-r">
        <div className="flex h-full flex-col gap-4 p-4">
          <div>
            <p className="text-lg font-extrabold">Admin Panel</p>
            <p className="truncate text-xs text-muted-foreground" title={loaderData.adminEmail}>
              Signed in as <span data-testid="admin-email">{loaderData.adminEmail}</span> ({ROLE_LABEL[loaderData.role]})
            </p>
          </div>
          <nav aria-label="Admin" className="flex-1 overflow-y-auto">
            <ul className="flex flex-row flex-wrap gap-1 md:flex-col">
              {ADMIN_SECTIONS.filter(({ path }) => canAccess(loaderData.role, path)).map(({ path, label, icon: Icon }) => (
                <li key={path}>
                  <NavLink
                    to={`/admin/${path}`}
                    className={({ isActive, isPending }) =>
                      cn(
                        "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold",
                        isActive ? "bg-primary text-primary-foreground" : ["hover:bg-muted", isPending && "bg-muted"],
                      )
                    }
                  >
                    <Icon className="size-4" aria-hidden="true" />
                    {label}
                  </NavLink>
                </li>
              ))}
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
      <main className="relative flex-1 p-4 md:p-8" aria-busy={isLoadingScreen || undefined}>
        {isLoadingScreen && (
          <div role="status" className="absolute inset-x-0 top-0 z-10 flex items-center justify-center gap-2 bg-primary/90 py-1 text-sm font-semibold text-primary-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading...
          </div>
        )}
        <div className={cn("transition-opacity", isLoadingScreen && "pointer-events-none opacity-50")}>
          {isReadOnly && (
            <p className="mx-auto mb-4 max-w-5xl rounded-md border border-secondary/40 bg-secondary/10 px-4 py-2 text-sm font-semibold" data-testid="read-only-notice">
              Read-only: as {ROLE_LABEL[loaderData.role]} you can look at this screen but not change it.
            </p>
          )}
          <Outlet />
        </div>
      </main>
    </div>
  );
}
