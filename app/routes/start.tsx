import { useLingui } from "@lingui/react";
import { Play } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/start";
import { WaitlistForm } from "~/components/waitlist-form";
import { joinFormQuestion } from "~/lib/consent/join-question.server";
import { getEnv } from "~/kernel/env.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";
import { getSiteSettings } from "~/lib/settings/settings.server";
import { siteNameFrom } from "~/lib/site-name";

export const handle = { chrome: "none" };

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteName = siteNameFrom(matches);
  return [{ title: `${data?.meta.title ?? ""} | ${siteName}` }, { name: "description", content: data?.meta.description ?? "" }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const { language, i18n, messages } = pageTranslation(request, "trailer");
  const meta = {
    title: i18n._("Start Your Adventure"),
    description: i18n._("Start your {siteName} adventure: join the crew and get your own referral link.", { siteName: getEnv().SITE_NAME }),
  };
  // The age question's months and countries in the page's language, the country starting at the browser's region (ADR 0063).
  const ageQuestion = await joinFormQuestion(request.headers.get("Accept-Language"), language);
  return { ...(await getSiteSettings(["homepageVideoThumbnailUrl"])), ageQuestion, meta, messages };
}

export default function Start({ loaderData, matches }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const { i18n } = useLingui();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-secondary to-blue-950 px-4 py-12 text-center text-white">
      <h1 className="text-4xl font-extrabold sm:text-5xl">{i18n._("Start Your Adventure")}</h1>
      <Link
        to="/trailer"
        className="group relative mt-8 block w-full max-w-2xl overflow-hidden rounded-2xl border-4 border-white/20 shadow-2xl"
        aria-label={i18n._("Watch the {siteName} trailer", { siteName })}
      >
        <img
          src={loaderData.homepageVideoThumbnailUrl ?? "/images/trailer-poster.svg"}
          alt=""
          width={1280}
          height={720}
          className="aspect-video w-full object-cover transition-transform group-hover:scale-105"
        />
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="flex size-20 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform group-hover:scale-110">
            <Play className="size-10 translate-x-0.5" fill="currentColor" aria-hidden="true" />
          </span>
        </span>
      </Link>
      <p className="mt-8 max-w-xl text-xl font-semibold text-blue-100">
        {i18n._("Grab your compass: {siteName} is setting sail, and there's a spot on board with your name on it.", { siteName })}
      </p>
      <WaitlistForm question={loaderData.ageQuestion} tone="dark" className="mt-6 max-w-xl text-left" />
    </main>
  );
}
