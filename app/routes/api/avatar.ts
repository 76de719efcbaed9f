import { data } from "react-router";
import type { Route } from "./+types/avatar";
import { renderMemberAvatar } from "~/lib/leaderboard/avatar.server";

export async function loader({ params }: Route.LoaderArgs) {
  const svg = renderMemberAvatar(params.memberId);
  if (!svg) throw data("Not Found", { status: 404 });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400, immutable",
      // Opened directly, the SVG may not run anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
