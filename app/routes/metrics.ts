import type { Route } from "./+types/metrics";
import { getEnv } from "~/kernel/env.server";
import { log } from "~/kernel/log.server";
import { readMetrics, registry } from "~/lib/metrics.server";
import { isSameSecret } from "~/kernel/crypto/same-secret.server";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

// Prometheus scrape endpoint: from this machine, or with METRICS_TOKEN as a bearer token.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = getEnv().METRICS_TOKEN;
  const isAllowed = LOOPBACK.has(context.clientIp) || (token !== undefined && isSameSecret(request.headers.get("Authorization"), `Bearer ${token}`));
  if (!isAllowed) return new Response("Not Found", { status: 404 });
  try {
    return new Response(await readMetrics(), { headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" } });
  } catch (error) {
    // A worker that does not report (mid-restart): a failed scrape, not totals that dip.
    log.warn("metrics unavailable", { error });
    return new Response("Metrics unavailable", { status: 503, headers: { "Retry-After": "5", "Cache-Control": "no-store" } });
  }
}
