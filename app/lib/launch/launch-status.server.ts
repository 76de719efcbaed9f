import { sql, type SQL } from "drizzle-orm";
import { waitlistUsers } from "../../../db/schema";
import type { LaunchStatus } from "./launch-status";

/** A member row's status, for a select over waitlist_users (one index read of member_invites). */
export const memberLaunchStatusSql = sql<LaunchStatus>`coalesce((select case when i.admitted_at is null then 'invited' else 'admitted' end
  from member_invites i where i.member_id = ${waitlistUsers.id}), 'waiting')`;

/** Members in one status, for a where clause over waitlist_users. */
export function launchStatusFilterSql(status: LaunchStatus): SQL {
  const invite = sql`select 1 from member_invites i where i.member_id = ${waitlistUsers.id}`;
  if (status === "waiting") return sql`not exists (${invite})`;
  return status === "admitted" ? sql`exists (${invite} and i.admitted_at is not null)` : sql`exists (${invite} and i.admitted_at is null)`;
}
