import type { Route } from "./+types/audit-csv";
import { AuditFilterQuery } from "~/lib/audit/audit.schema";
import { streamAuditCsv } from "~/lib/audit/audit.server";
import { requireStaffApi } from "~/lib/auth/guards.server";

// The Audit Log's "Export CSV": the filtered log, streamed.
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffApi(request, "audit-log", "export");
  const filter = AuditFilterQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  return new Response(streamAuditCsv({ actorKind: filter.actor, targetType: filter.target, search: filter.q }), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="audit-log.csv"', "Cache-Control": "no-store" },
  });
}
