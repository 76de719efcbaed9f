import { Link } from "react-router";
import type { Route } from "./+types/trailer";
import { TrailerPlayer } from "~/components/trailer-player";
import { Button } from "~/components/ui/button";
import { getSiteSettings } from "~/lib/settings/settings.server";
import { siteNameFrom } from "~/lib/site-name";

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = siteNameFrom(matches);
  return [{ title: `Watch the Trailer | ${siteName}` }, { name: "description", content: `Watch the ${siteName} trailer, then join the waitlist to hear when the first episodes arrive.` }];
};

export async function loader() {
  return getSiteSettings(["homepageVideoUrl", "homepageVideoThumbnailUrl"]);
}

export default function Trailer({ loaderData, matches }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  return (
    <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-12">
      <div className="text-center">
        <h1 className="text-4xl font-extrabold">Watch the Trailer</h1>
        <p className="mt-2 text-lg text-muted-foreground">
          Take a first look at {siteName}. Crew members earn 5 bonus points the first time they watch!
        </p>
      </div>
      <TrailerPlayer
        className="mt-8"
        videoUrl={loaderData.homepageVideoUrl}
        thumbnailUrl={loaderData.homepageVideoThumbnailUrl}
        title={`${siteName} trailer`}
      />
      <div className="mt-10 rounded-2xl border bg-card p-6 text-center">
        <h2 className="text-2xl font-extrabold">Not on the crew yet?</h2>
        <p className="mt-2 text-muted-foreground">Join the waitlist to start earning points and win monthly prizes.</p>
        <Button asChild size="lg" className="mt-4">
          <Link to="/join-waitlist">Join the Waitlist</Link>
        </Button>
      </div>
    </main>
  );
}
