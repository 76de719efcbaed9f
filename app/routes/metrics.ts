import type { Route } from "./+types/metrics";
import { getEnv } from "~/lib/env.server";
import { registry } from "~/lib/metrics.server";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

// Prometheus scrape endpoint: from this machine, or with METRICS_TOKEN as a bearer token.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = getEnv().METRICS_TOKEN;
  const isAllowed = LOOPBACK.has(context.clientIp) || (token !== undefined && request.headers.get("Authorization") === `Bearer ${token}`);
  if (!isAllowed) return new Response("Not Found", { status: 404 });
  return new Response(await registry.metrics(), { headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" } });
}
