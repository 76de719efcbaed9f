import type * as React from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/ui/sonner";
import { getEnv } from "~/lib/env.server";
import { buildMenu } from "~/lib/navigation";
import { chromeOf } from "~/lib/route-chrome";
import { getSiteSettings } from "~/lib/settings/settings.server";
import { readableTextOn } from "~/lib/settings/settings-rules";

export async function loader(_: Route.LoaderArgs) {
  const env = getEnv();
  const settings = await getSiteSettings(["leaderboardVisible", "brandLogoUrl", "primaryBrandColor"]);
  return {
    siteName: env.SITE_NAME,
    contactEmail: env.CONTACT_EMAIL,
    origin: env.origin,
    settings,
    user: null as { email: string; isAdmin: boolean } | null,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("useRootData used outside the root route");
  return data;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const brand = data?.settings.primaryBrandColor ?? "#F8A719";
  const style = { "--brand": brand, "--brand-foreground": readableTextOn(brand) } as React.CSSProperties;
  return (
    <html lang="en" style={style}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <Toaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function SiteFrame({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const chrome = chromeOf(useMatches());
  if (!data) return <>{children}</>;
  const menu = buildMenu({ leaderboardVisible: data.settings.leaderboardVisible, user: data.user });
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2">
        Skip to content
      </a>
      {chrome === "full" && <SiteHeader siteName={data.siteName} logoUrl={data.settings.brandLogoUrl} menu={menu} />}
      <div id="main" className="flex flex-1 flex-col">
        {children}
      </div>
      {chrome !== "none" && <SiteFooter siteName={data.siteName} contactEmail={data.contactEmail} />}
    </div>
  );
}

export default function App() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export function meta({ data }: Route.MetaArgs) {
  const siteName = data?.siteName ?? "Vista Crew";
  return [{ title: siteName }, { name: "description", content: `Join the ${siteName} waitlist and earn rewards.` }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const heading = status === 404 ? "404 Lost?" : "Something went wrong";
  const message =
    status === 404
      ? "We couldn't find that page. It may have wandered off on its own adventure."
      : "Sorry, an unexpected error happened on our side. Please try again in a moment.";
  return (
    <SiteFrame>
      <main className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <h1 className="text-4xl font-extrabold">{heading}</h1>
        <p className="text-muted-foreground">{message}</p>
        <Link to="/" className="font-semibold text-secondary underline underline-offset-4">
          Back to Home
        </Link>
      </main>
    </SiteFrame>
  );
}
