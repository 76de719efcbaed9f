import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";

const APP_TABLES = [
  "member_audit_log",
  "leaderboard_score_counts",
  "points_ledger",
  "waitlist_users",
  "products",
  "content_history",
  "site_settings",
  "email_outbox",
  "rate_limits",
  "used_bot_challenges",
  "verifications",
  "accounts",
  "sessions",
  "users",
];

/** Empties every table (for tests that share the real server's database). */
export async function resetDatabase(): Promise<void> {
  await db.execute(sql.raw(`truncate table ${APP_TABLES.map((table) => `"${table}"`).join(", ")} restart identity cascade`));
}
