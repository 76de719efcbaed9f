import type { Route } from "./+types/funnel-csv";
import { requireStaffApi } from "~/lib/auth/guards.server";
import { funnelCsvFileName, getFunnelCsv } from "~/lib/reports/funnel-csv.server";
import { resolveFunnelRange } from "~/lib/reports/funnel-range.schema";
import { getSiteToday } from "~/lib/reports/funnel.server";

// The funnel's daily series for Reports' date range (at most 366 rows).
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffApi(request, "reports-analytics", "export");
  const chosen = resolveFunnelRange(new URL(request.url).searchParams, await getSiteToday());
  if (!chosen.ok) {
    return new Response(chosen.message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return new Response(await getFunnelCsv(chosen.range), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${funnelCsvFileName(chosen.range)}"`,
      "Cache-Control": "no-store",
    },
  });
}
