import { Menu, X } from "lucide-react";
import { useId, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { BrandLogo } from "~/components/brand-logo";
import { Button } from "~/components/ui/button";
import type { MenuItem } from "~/lib/navigation";
import { cn } from "~/lib/utils";

function MenuEntry({ item, onNavigate, className }: { item: MenuItem; onNavigate?: () => void; className?: string }) {
  const location = useLocation();
  const base = "rounded-md px-3 py-2 text-sm font-semibold transition-colors hover:bg-muted";
  if (item.kind === "logout") {
    return (
      <Form method="post" action="/logout" className="contents">
        <input type="hidden" name="from" value={location.pathname} />
        <button type="submit" className={cn(base, "text-left", className)}>
          {item.label}
        </button>
      </Form>
    );
  }
  return (
    <NavLink
      to={item.to}
      end={item.to === "/"}
      onClick={onNavigate}
      className={({ isActive }) => cn(base, isActive && "bg-primary/20 text-foreground", className)}
    >
      {item.label}
    </NavLink>
  );
}

export function SiteHeader({ siteName, logoUrl, menu }: { siteName: string; logoUrl: string; menu: MenuItem[] }) {
  const location = useLocation();
  // The menu is open on the page where it was opened: another page starts with it closed.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const isOpen = openOnPath === location.pathname;
  const setIsOpen = (open: boolean) => setOpenOnPath(open ? location.pathname : null);
  const menuId = useId();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center rounded-md" aria-label={`${siteName} home`}>
          <BrandLogo src={logoUrl} siteName={siteName} />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {menu.map((item) => (
              <li key={item.to}>
                <MenuEntry item={item} />
              </li>
            ))}
          </ul>
        </nav>
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-expanded={isOpen}
          aria-controls={menuId}
          aria-label={isOpen ? "Close menu" : "Open menu"}
          onClick={() => setIsOpen(!isOpen)}
        >
          {isOpen ? <X /> : <Menu />}
        </Button>
      </div>
      <nav id={menuId} aria-label="Mobile" hidden={!isOpen} className="border-t lg:hidden">
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {menu.map((item) => (
            <li key={item.to} className="flex flex-col">
              <MenuEntry item={item} onNavigate={() => setIsOpen(false)} className="w-full" />
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
