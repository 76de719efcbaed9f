import { data } from "react-router";
import type { Route } from "./+types/member-data";
import { requireStaffApi } from "~/lib/auth/guards.server";
import { isAppError } from "~/kernel/errors";
import { exportDownload, exportMemberDataAsAdmin } from "~/lib/privacy/export-member.server";

// Waitlist Users → Download data (ADR 0045): the member's own export file, for owners and admins.
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireStaffApi(request, "waitlist-emails", "edit");
  try {
    const document = await exportMemberDataAsAdmin(params.memberId, admin);
    return exportDownload(document);
  } catch (error) {
    if (isAppError(error)) throw data({ error: error.userMessage }, { status: error.status });
    throw error;
  }
}
