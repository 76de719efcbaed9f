import { useLingui } from "@lingui/react";
import { Menu as MenuIcon, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { BrandLogo } from "~/components/brand-logo";
import { LanguageSwitcher } from "~/components/i18n/language-switcher";
import { buttonVariants } from "~/components/ui/button";
import type { MenuItem } from "~/lib/navigation";
import { cn } from "~/lib/utils";

function MenuEntry({ item, onNavigate, className }: { item: MenuItem; onNavigate?: () => void; className?: string }) {
  const location = useLocation();
  const baseClassName = "rounded-md px-3 py-2 text-sm font-semibold transition-colors hover:bg-muted";
  if (item.kind === "logout") {
    return (
      <Form method="post" action="/logout" className="contents">
        <input type="hidden" name="from" value={location.pathname} />
        <button type="submit" className={cn(baseClassName, "text-left", className)}>
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
      className={({ isActive }) => cn(baseClassName, isActive && "bg-primary/20 text-foreground", className)}
    >
      {item.label}
    </NavLink>
  );
}

/**
 * The site's header. On a phone, or with large text, the links fold into a menu built on
 * `<details>`, so it opens without JavaScript too; after a client-side navigation it closes.
 */
export function SiteHeader({ siteName, logoUrl, menu }: { siteName: string; logoUrl: string; menu: MenuItem[] }) {
  const location = useLocation();
  const { i18n } = useLingui();
  const menuRef = useRef<HTMLDetailsElement>(null);
  const close = () => {
    if (menuRef.current) menuRef.current.open = false;
  };
  useEffect(close, [location.pathname]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2">
        <Link to="/" className="flex min-w-0 items-center rounded-md" aria-label={i18n._("{siteName} home", { siteName })}>
          <BrandLogo src={logoUrl} siteName={siteName} />
        </Link>
        <nav aria-label={i18n._("Main")} className="hidden lg:block">
          <ul className="flex flex-wrap items-center gap-1">
            {menu.map((item) => (
              <li key={item.to}>
                <MenuEntry item={item} />
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher className="hidden lg:flex" />
        <details ref={menuRef} className="group lg:hidden">
          <summary
            className={cn(
              buttonVariants({ variant: "ghost", size: "icon" }),
              "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
            )}
          >
            <MenuIcon className="group-open:hidden" aria-hidden="true" />
            <X className="hidden group-open:block" aria-hidden="true" />
            <span className="sr-only group-open:hidden">{i18n._("Open menu")}</span>
            <span className="sr-only hidden group-open:inline">{i18n._("Close menu")}</span>
          </summary>
          <nav aria-label={i18n._("Mobile")} className="absolute inset-x-0 top-full border-y bg-background shadow-md">
            <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
              {menu.map((item) => (
                <li key={item.to} className="flex flex-col">
                  <MenuEntry item={item} onNavigate={close} className="w-full" />
                </li>
              ))}
            </ul>
            <LanguageSwitcher className="mx-auto flex max-w-6xl px-4 pb-3" />
          </nav>
        </details>
      </div>
    </header>
  );
}
