import type { Route } from "./+types/events";
import { eventStreamsRefused } from "~/lib/metrics.server";
import { openPublicSettingsStream } from "~/lib/realtime/settings-events.server";

// Live public settings (leaderboard switch, logo, colour) for every open page.
export async function loader({ request, context }: Route.LoaderArgs) {
  const stream = await openPublicSettingsStream(context.clientIp, request.signal);
  if ("refused" in stream) {
    eventStreamsRefused.inc({ limit: stream.refused });
    return new Response("Too many open live-update connections.", {
      status: stream.refused === "address" ? 429 : 503,
      headers: { "Retry-After": "60", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
