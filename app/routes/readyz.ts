import { checkReadiness } from "~/lib/health.server";

// Readiness: send traffic here only while the database answers and is fully migrated.
export async function loader() {
  const readiness = await checkReadiness();
  return Response.json(readiness, { status: readiness.isReady ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
