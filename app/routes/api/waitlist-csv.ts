import type { Route } from "./+types/waitlist-csv";
import { requireStaffApi } from "~/lib/auth/guards.server";
import { CSV_FILE_NAME, streamMembersCsv } from "~/lib/waitlist/members-csv.server";

// Streams straight from the database: constant memory however many members there are.
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffApi(request, "waitlist-emails", "export");
  return new Response(streamMembersCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${CSV_FILE_NAME}"`,
      "Cache-Control": "no-store",
    },
  });
}
