import { useLingui } from "@lingui/react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/_index";
import { BrandLogo } from "~/components/brand-logo";
import { ProductCard } from "~/components/product-card";
import { HeroBackdrop } from "~/components/hero-backdrop";
import { Button } from "~/components/ui/button";
import { WaitlistForm } from "~/components/waitlist-form";
import { joinFormQuestion } from "~/lib/consent/join-question.server";
import { useLiveSettings } from "~/components/live-settings";
import { recordLandingVisit } from "~/lib/funnel/funnel-counts.server";
import { readLandingVisit } from "~/lib/funnel/landing-visit.server";
import { log } from "~/kernel/log.server";
import { FEATURED_PRODUCTS, listProducts } from "~/lib/products/products.server";
import { getSiteSettings } from "~/lib/settings/settings.server";
import { getContentIn } from "~/lib/content/content.server";
import { siteNameFrom } from "~/lib/site-name";
import { pageTranslation } from "~/lib/i18n/catalogs.server";
import { getEnv } from "~/kernel/env.server";

export const handle = { chrome: "footer-only" };

// The player hydrates as its own part of the page, after the join form (React's selective
// hydration keeps the server's markup meanwhile, and replays a click on it): its code is
// not in the page's first load (issue 16's budget, which the translations' runtime shares).
const TrailerPlayer = lazy(() => import("~/components/trailer-player").then((module) => ({ default: module.TrailerPlayer })));

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteName = siteNameFrom(matches);
  const description = data?.hero.homepageMetaDescription;
  return [{ title: data?.title ?? siteName }, ...(description ? [{ name: "description", content: description }] : [])];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language, i18n, messages } = pageTranslation(request, "home");
  const [settings, text, featured] = await Promise.all([
    getSiteSettings(["homepageVideoUrl", "homepageVideoThumbnailUrl"]),
    // The admin's words in the page's language, field by field (English where not translated).
    getContentIn(language, ["homepageMainTitleLine1", "homepageMainTitleLine2", "homepageMainSubtitle", "homepageMetaDescription"]),
    listProducts({ limit: FEATURED_PRODUCTS }),
    countLandingVisit(request, context),
  ]);
  return {
    hero: { ...settings, ...text },
    featured,
    title: i18n._("{siteName}: join the waitlist", { siteName: getEnv().SITE_NAME }),
    // The age question's months and countries in the page's language, the country starting at the browser's region (ADR 0063).
    ageQuestion: await joinFormQuestion(request.headers.get("Accept-Language"), language),
    messages,
  };
}

// A failure to count is logged and never stands between a visitor and the page.
async function countLandingVisit(request: Request, context: Route.LoaderArgs["context"]): Promise<void> {
  try {
    const visit = await readLandingVisit(request);
    if (visit) await recordLandingVisit({ ...visit, clientIp: context.clientIp });
  } catch (error) {
    log.warn("landing visit not counted", { requestId: context.requestId, error });
  }
}

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const { hero, featured, ageQuestion } = loaderData;
  const { brandLogoUrl, leaderboardVisible } = useLiveSettings();
  const { i18n } = useLingui();
  return (
    <main className="flex-1">
      <section className="relative isolate overflow-hidden bg-gradient-to-b from-secondary to-blue-950 px-4 pb-24 pt-8 text-white">
        <HeroBackdrop />
        <div className="relative mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-3">
          <BrandLogo src={brandLogoUrl} siteName={siteName} tone="dark" size="lg" />
          <nav aria-label={i18n._("Quick links")} className="flex flex-wrap gap-1 whitespace-nowrap text-sm font-semibold sm:gap-2">
            {/* Spec: a hidden leaderboard is linked from nowhere. */}
            {leaderboardVisible && <Link to="/leaderboard" className="rounded-md px-2 py-2 hover:bg-white/10 sm:px-3">{i18n._("Leaderboard")}</Link>}
            <Link to="/rewards" className="rounded-md px-2 py-2 hover:bg-white/10 sm:px-3">{i18n._("Rewards")}</Link>
            <Link to="/login" className="rounded-md px-2 py-2 hover:bg-white/10 sm:px-3">{i18n._("Crew Login")}</Link>
          </nav>
        </div>
        <div className="relative mx-auto mt-10 grid max-w-6xl items-center gap-10 lg:grid-cols-2">
          <div>
            <h1 className="text-4xl font-extrabold leading-tight sm:text-6xl">
              <span className="block">{hero.homepageMainTitleLine1}</span>
              {hero.homepageMainTitleLine2 && <span className="block text-primary">{hero.homepageMainTitleLine2}</span>}
            </h1>
            <div className="rich-text mt-4 text-lg text-blue-100" dangerouslySetInnerHTML={{ __html: hero.homepageMainSubtitle }} />
            <WaitlistForm question={ageQuestion} tone="dark" className="mt-8 max-w-xl" />
          </div>
          <Suspense fallback={<div className="aspect-video rounded-2xl bg-black shadow-lg" />}>
            <TrailerPlayer
              videoUrl={hero.homepageVideoUrl}
              thumbnailUrl={hero.homepageVideoThumbnailUrl}
              title={i18n._("{siteName} trailer", { siteName })}
            />
          </Suspense>
        </div>
      </section>

      {featured.length > 0 && (
        <section aria-labelledby="featured-products" className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="featured-products" className="text-center text-3xl font-extrabold">{i18n._("Crew Gear")}</h2>
          <p className="mt-2 text-center text-muted-foreground">{i18n._("Get ready for launch day with official {siteName} merchandise.", { siteName })}</p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {featured.map((product) => (
              <li key={product.id} className="flex">
                <ProductCard product={product} siteName={siteName} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="meet-the-crew" className="bg-muted px-4 py-16">
        <div className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-2">
          <img src="/images/group.svg" alt={i18n._("The {siteName} characters together", { siteName })} width={640} height={420} className="w-full" />
          <div>
            <h2 id="meet-the-crew" className="text-3xl font-extrabold">{i18n._("Meet the crew")}</h2>
            <p className="mt-3 text-lg text-muted-foreground">
              {i18n._(
                "Four friends, one patched-up airship and a map with a hole in the middle. Join the waitlist to follow their first voyage, earn points for every friend you bring along and win monthly prizes.",
              )}
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/trailer">{i18n._("Watch the Trailer")}</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/rewards">{i18n._("See the Rewards")}</Link>
              </Button>
            </div>
          </div>
        </div>
      </section>
    </main>
  );
}
