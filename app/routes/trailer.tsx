import { useLingui } from "@lingui/react";
import { Link } from "react-router";
import type { Route } from "./+types/trailer";
import { TrailerPlayer } from "~/components/trailer-player";
import { Button } from "~/components/ui/button";
import { getEnv } from "~/kernel/env.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";
import { getSiteSettings } from "~/lib/settings/settings.server";
import { siteNameFrom } from "~/lib/site-name";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteName = siteNameFrom(matches);
  return [{ title: `${data?.meta.title ?? ""} | ${siteName}` }, { name: "description", content: data?.meta.description ?? "" }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const { i18n, messages } = pageTranslation(request, "trailer");
  const siteName = getEnv().SITE_NAME;
  const meta = {
    title: i18n._("Watch the Trailer"),
    description: i18n._("Watch the {siteName} trailer, then join the waitlist to hear when the first episodes arrive.", { siteName }),
  };
  return { ...(await getSiteSettings(["homepageVideoUrl", "homepageVideoThumbnailUrl"])), meta, messages };
}

export default function Trailer({ loaderData, matches }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const { i18n } = useLingui();
  return (
    <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-12">
      <div className="text-center">
        <h1 className="text-4xl font-extrabold">{i18n._("Watch the Trailer")}</h1>
        <p className="mt-2 text-lg text-muted-foreground">
          {i18n._("Take a first look at {siteName}. Crew members earn 5 bonus points the first time they watch!", { siteName })}
        </p>
      </div>
      <TrailerPlayer
        className="mt-8"
        videoUrl={loaderData.homepageVideoUrl}
        thumbnailUrl={loaderData.homepageVideoThumbnailUrl}
        title={i18n._("{siteName} trailer", { siteName })}
      />
      <div className="mt-10 rounded-2xl border bg-card p-6 text-center">
        <h2 className="text-2xl font-extrabold">{i18n._("Not on the crew yet?")}</h2>
        <p className="mt-2 text-muted-foreground">{i18n._("Join the waitlist to start earning points and win monthly prizes.")}</p>
        <Button asChild size="lg" className="mt-4">
          <Link to="/join-waitlist">{i18n._("Join the Waitlist")}</Link>
        </Button>
      </div>
    </main>
  );
}
