import { data } from "react-router";
import type { Route } from "./+types/member-referrals";
import { requireStaffApi } from "~/lib/auth/guards.server";
import { listMemberAudit, listReferredMembers } from "~/lib/referrals/referral-admin.server";
import { isUuid } from "~/kernel/uuid";

// The Referral screen's details dialog: who joined with this member's code, and the
// back-office changes made to the member.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaffApi(request, "waitlist-emails");
  if (!isUuid(params.memberId)) throw data({ error: "Unknown member." }, { status: 404 });
  const [referred, audit] = await Promise.all([listReferredMembers(params.memberId), listMemberAudit(params.memberId)]);
  return {
    referred: referred.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() })),
    audit: audit.map((row) => ({ ...row, at: row.at.toISOString() })),
  };
}
