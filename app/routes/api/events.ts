import type { Route } from "./+types/events";
import { streamPublicSettings } from "~/lib/realtime/settings-events.server";

// Live public settings (leaderboard switch, logo, colour) for every open page.
export async function loader({ request }: Route.LoaderArgs) {
  return new Response(await streamPublicSettings(request.signal), {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
