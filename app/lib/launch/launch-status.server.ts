import { sql, type SQL } from "drizzle-orm";
import { waitlistUsers } from "../../../db/schema";
import type { LaunchStatus } from "./launch-status";

// A rehearsal wave's invite is not a member's place in the launch (issue 37, ADR 0060): the
// back office's list, its filter and the API read only real waves' invites.
const REAL_WAVE = sql`not exists (select 1 from waves w where w.id = i.wave_id and w.rehearsal)`;

/** A member row's status, for a select over waitlist_users (one index read of member_invites). */
export const memberLaunchStatusSql = sql<LaunchStatus>`coalesce((select case when i.admitted_at is null then 'invited' else 'admitted' end
  from member_invites i where i.member_id = ${waitlistUsers.id} and ${REAL_WAVE}), 'waiting')`;

/** Members in one status, for a where clause over waitlist_users. */
export function launchStatusFilterSql(status: LaunchStatus): SQL {
  const invite = sql`select 1 from member_invites i where i.member_id = ${waitlistUsers.id} and ${REAL_WAVE}`;
  if (status === "waiting") return sql`not exists (${invite})`;
  return status === "admitted" ? sql`exists (${invite} and i.admitted_at is not null)` : sql`exists (${invite} and i.admitted_at is null)`;
}
