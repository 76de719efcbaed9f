import type * as React from "react";
import { lazy, Suspense, useContext, useEffect, useEffectEvent } from "react";
import {
  data,
  isRouteErrorResponse,
  redirect,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import { LiveSettingsProvider, useLiveSettings } from "~/components/live-settings";
import { LoadingOverlay } from "~/components/loading-overlay";
import { FlashBanner } from "~/components/flash-banner";
import { useIsHydrated } from "~/components/use-is-hydrated";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/ui/sonner";
import { getSessionUser } from "~/lib/auth/session.server";
import { getEnv } from "~/kernel/env.server";
import { safeRedirectPath } from "~/lib/auth/redirects";
import { canReadRehearsalMailbox } from "~/lib/auth/roles";
import { setFlash, takeFlash, type Flash } from "~/lib/flash.server";
import { readPendingReferral, rememberReferral } from "~/lib/waitlist/visitor-cookies.server";
import { parseShareChannel } from "~/lib/funnel/channels";
import { buildMenu } from "~/lib/navigation";
import { DATABASE_OUTAGE_MESSAGE, DATABASE_OUTAGE_TITLE, DatabaseOutageContext } from "~/lib/database-outage";
import { chromeOf, isStaticPage } from "~/lib/route-chrome";
import { flashMessageFor, type FlashMessage } from "~/lib/flash-messages";
import { PRELOADED_FONTS } from "~/lib/brand-fonts";
import { getSiteSetting, getSiteSettings } from "~/lib/settings/settings.server";
import { rehearsalBannerHtml } from "~/lib/launch/rehearsal-banner.server";
import { applyBrandColor, brandColorVariables } from "~/lib/settings/brand-color";
import { toast } from "~/components/ui/toast";
import { NoticePage } from "~/components/notice-page";
import { EMBED_FRAME_PATH } from "~/lib/embed/origins";
import { isLinkPreviewAgent } from "~/lib/share-cards/link-preview";
import { getShareCard, shareCardPath } from "~/lib/share-cards/share-card.server";
import { CARD_HEIGHT, CARD_WIDTH } from "~/lib/share-cards/card-size";
import { PageI18n } from "~/components/i18n/page-i18n";
import { DEFAULT_SITE_NAME } from "~/lib/site-name";
import { useLingui } from "@lingui/react";
import { pageTranslation } from "~/lib/i18n/catalogs.server";
import { DEFAULT_LANGUAGE, LANGUAGES } from "~/kernel/i18n/languages";
import { askedLanguage, languageCookie } from "~/lib/i18n/request-language.server";

/**
 * `?ref=CODE` on any page: remember the code, strip it from the URL, say so (spec §4).
 * A link preview (Facebook, X, Slack…) gets the page as it is instead, to read the
 * member's share card from its tags: the code is returned for that.
 * The link's share channel (`via=`, from a fixed list) is remembered with the code and
 * stripped too, so the join can say which channel brought the friend.
 */
async function applyReferralParameter(request: Request): Promise<string | null> {
  const url = new URL(request.url);
  const code = url.searchParams.get("ref");
  if (code === null || request.method !== "GET") return null;
  // The framed join form keeps no cookies: it reads the code itself and keeps it in the URL.
  if (url.pathname === EMBED_FRAME_PATH) return null;
  if (isLinkPreviewAgent(request.headers.get("User-Agent"))) return code;
  const via = parseShareChannel(url.searchParams.get("via"));
  url.searchParams.delete("ref");
  url.searchParams.delete("via");
  const headers = new Headers();
  if (code.trim()) {
    headers.append("Set-Cookie", await rememberReferral(code, via));
    headers.append("Set-Cookie", await setFlash("referral-applied"));
  }
  // The path as received may be `//evil.example/`: only ever redirect on this site.
  throw redirect(safeRedirectPath(`${url.pathname}${url.search}`, "/"), { headers });
}

// A failed admin save (server down) or a background request leaves the page as it is.
export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export async function loader({ request }: Route.LoaderArgs) {
  const previewedCode = await applyReferralParameter(request);
  const env = getEnv();
  const [settings, user, { flash, clearHeader }, shareCard] = await Promise.all([
    getSiteSettings([
      "leaderboardVisible",
      "brandLogoUrl",
      "primaryBrandColor",
      "sessionTimeoutMinutes",
      "socialSharingOgTitle",
      "socialSharingOgDescription",
      "socialSharingImageUrl",
    ]),
    getSessionUser(request),
    takeFlash(request),
    previewedCode === null ? null : getShareCard(previewedCode),
  ]);
  // Only staff learn that a rehearsal runs (ADR 0051): a visitor's page reads nothing more and stays the same for all.
  const banner = user?.isAdmin && (await getSiteSetting("rehearsalMode")) ? { __html: rehearsalBannerHtml({ showsMailbox: canReadRehearsalMailbox(user.role) }) } : undefined;
  const { language, i18n, messages } = pageTranslation(request, "common");
  const asked = askedLanguage(request.url);
  const payload = {
    language,
    /** Whether the URL names the language (`?lang=es`): the page's canonical address then names it too. */
    languageInUrl: asked !== null,
    messages,
    description: i18n._("Join the {siteName} waitlist and earn rewards.", { siteName: env.SITE_NAME }),
    siteName: env.SITE_NAME,
    contactEmail: env.CONTACT_EMAIL,
    origin: env.origin,
    settings,
    // The banner a signed-in user's pages show (the rehearsal's, to staff) comes with the user
    // and as markup: the least for the script every public page loads (its budget).
    user: user ? { email: user.email, isAdmin: user.isAdmin, banner } : null,
    flash,
    flashMessage: flash ? flashMessageFor(flash, i18n) : null,
    pendingReferralCode: flash === "referral-applied" ? ((await readPendingReferral(request.headers.get("Cookie")))?.code ?? null) : null,
    shareCard: shareCard && {
      code: shareCard.code,
      // The channel stays on og:url, which the network links its post to.
      via: parseShareChannel(new URL(request.url).searchParams.get("via")),
      imageUrl: `${env.origin}${shareCardPath(shareCard)}`,
      alt: shareCard.alt,
    },
  };
  const headers = new Headers();
  if (clearHeader) headers.append("Set-Cookie", clearHeader);
  // A page reached by `?lang=es` keeps the visitor in that language from then on.
  if (asked) headers.append("Set-Cookie", languageCookie(asked));
  return data(payload, { headers });
}

export type RootData = Route.ComponentProps["loaderData"];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const brand = data?.settings.primaryBrandColor ?? "#F8A719";
  const style = brandColorVariables(brand) as React.CSSProperties;
  // Framed by another website, the page may not touch storage (Chromium blocks it for
  // third-party frames), and scroll restoration reads sessionStorage.
  const matches = useMatches();
  const isEmbedded = matches.some((match) => (match.handle as { isEmbedded?: boolean } | undefined)?.isEmbedded);
  const isStatic = isStaticPage(matches);
  const { pathname } = useLocation();
  const language = data?.language ?? DEFAULT_LANGUAGE;
  const path = pathname === "/" ? "/" : pathname.replace(/\/+$/, "");
  return (
    <html lang={language} style={style}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a8a" />
        {/* A stylesheet with a precedence: React puts it ahead of the scripts' modulepreloads,
            so the one render-blocking file is fetched first (Lighthouse's first paint). */}
        <link rel="stylesheet" href={appStylesheet} precedence="app" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        <link rel="manifest" href="/site.webmanifest" />
        {PRELOADED_FONTS.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        <Meta />
        {data && <link rel="canonical" href={`${data.origin}${path}${data.languageInUrl ? `?lang=${language}` : ""}`} />}
        {/* The same address in each language: `?lang=` names it; without it, the visitor's own. */}
        {data && LANGUAGES.map((alternate) => <link key={alternate} rel="alternate" hrefLang={alternate} href={`${data.origin}${path}?lang=${alternate}`} />)}
        {data && <link rel="alternate" hrefLang="x-default" href={`${data.origin}${path}`} />}
        {data && <SocialMeta data={data} />}
        <Links />
      </head>
      <body className="min-h-dvh">
        <PageI18n language={language}>{children}</PageI18n>
        {!isStatic && <Toaster />}
        {!isEmbedded && !isStatic && <ScrollRestoration />}
        {!isStatic && <Scripts />}
      </body>
    </html>
  );
}

/**
 * Open Graph and Twitter card tags from the Social Share settings, on every page. A
 * link preview of a member's referral link gets the member's card as the image, and
 * the referral link as og:url (Facebook reads the tags of og:url, not of the page).
 */
function SocialMeta({ data }: { data: RootData }) {
  const { pathname } = useLocation();
  const { socialSharingOgTitle, socialSharingOgDescription, socialSharingImageUrl } = data.settings;
  const card = data.shareCard;
  const title = socialSharingOgTitle || data.siteName;
  const sharedImage = socialSharingImageUrl && (socialSharingImageUrl.startsWith("/") ? `${data.origin}${socialSharingImageUrl}` : socialSharingImageUrl);
  const image = card ? card.imageUrl : sharedImage;
  const url = card ? `${data.origin}${pathname}?ref=${encodeURIComponent(card.code)}${card.via ? `&via=${card.via}` : ""}` : `${data.origin}${pathname}`;
  return (
    <>
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={data.siteName} />
      <meta property="og:title" content={title} />
      {socialSharingOgDescription && <meta property="og:description" content={socialSharingOgDescription} />}
      <meta property="og:url" content={url} />
      {image && <meta property="og:image" content={image} />}
      {card && <meta property="og:image:type" content="image/png" />}
      {card && <meta property="og:image:width" content={String(CARD_WIDTH)} />}
      {card && <meta property="og:image:height" content={String(CARD_HEIGHT)} />}
      {card && <meta property="og:image:alt" content={card.alt} />}
      <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={title} />
      {socialSharingOgDescription && <meta name="twitter:description" content={socialSharingOgDescription} />}
      {image && <meta name="twitter:image" content={image} />}
      {card && <meta name="twitter:image:alt" content={card.alt} />}
    </>
  );
}

function SiteFrame({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) return <>{children}</>;
  const { leaderboardVisible, brandLogoUrl, primaryBrandColor } = data.settings;
  return (
    <LiveSettingsProvider initial={{ leaderboardVisible, brandLogoUrl, primaryBrandColor }}>
      <SiteChrome siteName={data.siteName} contactEmail={data.contactEmail} user={data.user}>
        {children}
      </SiteChrome>
    </LiveSettingsProvider>
  );
}

function SiteChrome({
  siteName,
  contactEmail,
  user,
  children,
}: {
  siteName: string;
  contactEmail: string;
  user: RootData["user"];
  children: React.ReactNode;
}) {
  const live = useLiveSettings();
  const { i18n } = useLingui();
  const chrome = chromeOf(useMatches());
  useEffect(() => applyBrandColor(live.primaryBrandColor), [live.primaryBrandColor]);
  const menu = buildMenu({ leaderboardVisible: live.leaderboardVisible, user }, i18n);
  return (
    // Long words (an e-mail address at 320 px, or with large text) wrap instead of pushing the page sideways.
    <div className="flex min-h-dvh flex-col [overflow-wrap:anywhere]">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2">
        {i18n._("Skip to content")}
      </a>
      <p dangerouslySetInnerHTML={user?.banner} />
      {chrome === "full" && <SiteHeader siteName={siteName} logoUrl={live.brandLogoUrl} menu={menu} />}
      <div id="main" className="flex flex-1 flex-col">
        {children}
      </div>
      {chrome !== "none" && <SiteFooter siteName={siteName} contactEmail={contactEmail} />}
    </div>
  );
}

function showFlashToast({ tone, title, description }: FlashMessage) {
  if (tone === "success") toast.success(title, { description });
  else if (tone === "error") toast.error(title, { description });
  else toast(title, { description });
}

// Only signed-in visitors need the idle timer and its dialog: everyone else never loads them.
const SessionTimeout = lazy(() => import("~/components/session-timeout").then((module) => ({ default: module.SessionTimeout })));

/** Spec §3 browser storage: the pending referral code, mirrored from the server's cookie. */
function useReferralCodeStorage(flash: Flash | null, pendingReferralCode: string | null) {
  useEffect(() => {
    try {
      if (flash === "referral-applied" && pendingReferralCode) localStorage.setItem("referred_by_code", pendingReferralCode);
      if (flash === "joined" || flash === "welcome-back") localStorage.removeItem("referred_by_code");
    } catch {
      // Storage can be disabled; the cookie still carries the code.
    }
  }, [flash, pendingReferralCode]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { flash, flashMessage, user, settings, pendingReferralCode } = loaderData;
  useReferralCodeStorage(flash, pendingReferralCode);
  const isStatic = isStaticPage(useMatches());
  const isHydrated = useIsHydrated();
  // Once per notice: the loader's answer is new after a revalidation, the notice is not.
  const showFlash = useEffectEvent(() => {
    if (flashMessage) showFlashToast(flashMessage);
  });
  useEffect(() => {
    if (flash) showFlash();
  }, [flash]);
  return (
    <SiteFrame>
      <Outlet />
      {isStatic ? flashMessage && <FlashBanner message={flashMessage} /> : <LoadingOverlay />}
      {user && isHydrated && (
        <Suspense fallback={null}>
          <SessionTimeout timeoutMinutes={settings.sessionTimeoutMinutes} />
        </Suspense>
      )}
    </SiteFrame>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.siteName ?? DEFAULT_SITE_NAME }, ...(data ? [{ name: "description", content: data.description }] : [])];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const databaseOutage = useContext(DatabaseOutageContext);
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { i18n } = useLingui();
  // A crash (not a deliberate 404 or 403) is reported in the browser's console, where
  // monitoring and the end-to-end tests see it; the page itself stays calm.
  useEffect(() => {
    if (!isRouteErrorResponse(error) && !databaseOutage) console.error("page crashed", error);
  }, [error, databaseOutage]);
  if (databaseOutage) {
    return (
      <SiteFrame>
        <div data-database-outage hidden />
        {/* A full reload: this document's client code believes the outage lasts. */}
        <NoticePage
          title={i18n._(DATABASE_OUTAGE_TITLE)}
          message={i18n._(DATABASE_OUTAGE_MESSAGE)}
          action={{ to: `${location.pathname}${location.search}`, label: i18n._("Try again"), reloadDocument: true }}
        />
      </SiteFrame>
    );
  }
  const heading = status === 404 ? i18n._("404 Lost?") : i18n._("Something went wrong");
  const message =
    status === 404
      ? i18n._("We couldn't find that page. It may have wandered off on its own adventure.")
      : i18n._("Sorry, an unexpected error happened on our side. Please try again in a moment.");
  return (
    <SiteFrame>
      <NoticePage title={heading} message={message} />
    </SiteFrame>
  );
}
