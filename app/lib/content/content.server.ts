import { desc, eq, sql } from "drizzle-orm";
import { contentHistory, users } from "../../../db/schema";
import { db, postgresError, runTransaction, type Transaction } from "../db.server";
import { SETTING_DEFINITIONS, getSiteSettings, saveSiteSettings } from "../settings/settings.server";
import { CONTENT_FIELDS, HISTORY_LIMIT, type ContentName } from "./content-fields";
import { sanitizeRichHtml } from "./sanitize.server";

export type ContentValues = Record<ContentName, string>;

export type HistoryEntry = { version: number; value: string; changedAt: Date; changedBy: string | null };

function normalise(name: ContentName, value: string): string {
  return CONTENT_FIELDS[name].kind === "rich" ? sanitizeRichHtml(value) : value.trim();
}

export async function getContent<K extends ContentName>(names: readonly K[]): Promise<Pick<ContentValues, K>> {
  return getSiteSettings(names) as Promise<Pick<ContentValues, K>>;
}

async function appendHistory(tx: Transaction, name: ContentName, value: string, adminId: string): Promise<number> {
  const key = SETTING_DEFINITIONS[name].key;
  const contentValue = CONTENT_FIELDS[name].kind === "rich" ? { html_content: value } : { text: value };
  const [row] = await tx
    .insert(contentHistory)
    .values({
      contentKey: key,
      contentValue,
      version: sql`(select coalesce(max(version), 0) + 1 from content_history where content_key = ${key})`,
      changedByAdminId: adminId,
    })
    .returning({ version: contentHistory.version });
  return row?.version ?? 0;
}

/**
 * Saves the fields whose value changed (sanitised first) and writes one history version
 * for each, in one transaction. Returns the names that changed.
 */
export async function saveContent(changes: Partial<ContentValues>, adminId: string): Promise<ContentName[]> {
  const names = (Object.keys(changes) as ContentName[]).filter((name) => name in CONTENT_FIELDS);
  const current = await getContent(names);
  const proposed = Object.fromEntries(names.map((name) => [name, normalise(name, changes[name] ?? "")])) as Partial<ContentValues>;
  const changed = names.filter((name) => proposed[name] !== current[name]);
  if (changed.length === 0) return [];
  const values = Object.fromEntries(changed.map((name) => [name, proposed[name]])) as Partial<ContentValues>;
  await runTransaction(
    async (tx) => {
      await saveSiteSettings(values, adminId, tx);
      for (const name of changed) await appendHistory(tx, name, values[name] ?? "", adminId);
    },
    // Two admins saving the same field at once both picked the next version: go again.
    { attempts: 10, isRetryable: (error) => postgresError(error).constraint === "content_history_key_version" },
  );
  return changed;
}

/** The last 10 versions of a field, newest first. */
export async function listContentHistory(name: ContentName, limit = HISTORY_LIMIT): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      version: contentHistory.version,
      value: contentHistory.contentValue,
      changedAt: contentHistory.changedAt,
      changedBy: users.email,
    })
    .from(contentHistory)
    .leftJoin(users, eq(users.id, contentHistory.changedByAdminId))
    .where(eq(contentHistory.contentKey, SETTING_DEFINITIONS[name].key))
    .orderBy(desc(contentHistory.version))
    .limit(limit);
  return rows.map((row) => {
    const stored = row.value as { text?: unknown; html_content?: unknown };
    const raw = typeof stored.html_content === "string" ? stored.html_content : typeof stored.text === "string" ? stored.text : "";
    return { version: row.version, value: normalise(name, raw), changedAt: row.changedAt, changedBy: row.changedBy };
  });
}
