import type { Route } from "./+types/member-import-problems";
import { requireStaffApi } from "~/lib/auth/guards.server";
import { getMemberImport, streamImportProblemsCsv } from "~/lib/imports/import-check.server";

// Every line of a checked upload that the import leaves out, with the reason.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaffApi(request, "waitlist-emails", "edit");
  const memberImport = await getMemberImport(params.importId);
  if (!memberImport || memberImport.status !== "checked") {
    return new Response("This import is no longer available.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(streamImportProblemsCsv(memberImport.id), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="import-problems.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
