import { sql } from "drizzle-orm";
import { db } from "~/kernel/db.server";
import { forgetCachedSettings } from "~/lib/settings/settings.server";
import { forgetBroadcastTexts } from "~/lib/launch/broadcasts/broadcast-render.server";
import { forgetPrivacyNotices } from "~/lib/consent/privacy-notice.server";
import { forgetRememberedRefusals } from "~/lib/security/refusal-memo.server";

let tables: string[] | undefined;

/** Empties every table of the app's schema (migrations live in the "drizzle" schema and stay). */
export async function resetDatabase(): Promise<void> {
  tables ??= (await db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)).rows.map((row) => row.tablename);
  await db.execute(sql.raw(`truncate table ${tables.map((table) => `"${table}"`).join(", ")} restart identity cascade`));
  forgetCachedSettings();
  forgetBroadcastTexts();
  forgetPrivacyNotices();
  forgetRememberedRefusals();
}
