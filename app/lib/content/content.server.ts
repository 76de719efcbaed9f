import { desc, eq, sql } from "drizzle-orm";
import { contentHistory, users } from "../../../db/schema";
import { db, postgresError, runTransaction, type Transaction } from "../../kernel/db.server";
import { DEFAULT_LANGUAGE, isTranslatedLanguage, type Language } from "../../kernel/i18n/languages";
import { SETTING_DEFINITIONS, getSiteSettings, getStoredSettingValues, saveSettingRows } from "../settings/settings.server";
import { parseTextValue, textValueToString } from "../settings/settings-rules";
import { CONTENT_FIELDS, HISTORY_LIMIT, type ContentName } from "./content-fields";
import { sanitizeRichHtml } from "./sanitize.server";
import { BUILT_IN_CONTENT } from "./spanish-defaults";

export type ContentValues = Record<ContentName, string>;

export type HistoryEntry = { version: number; value: string; changedAt: Date; changedBy: string | null };

/** A field in one language as the editor shows it: the stored translation ("" when there is none). */
export type ContentTranslation<K extends ContentName> = { values: Pick<ContentValues, K>; untranslated: K[] };

function normalise(name: ContentName, value: string): string {
  return CONTENT_FIELDS[name].kind === "rich" ? sanitizeRichHtml(value) : value.trim();
}

/** Text with nothing to read (an emptied rich editor leaves "<p></p>"): a translation that is not there. */
export function isBlankContent(value: string): boolean {
  return value.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim() === "";
}

/**
 * Where a field is kept in a language (site_settings.key and content_history.content_key,
 * ADR 0054): English under the field's own key, as always; another language under the
 * key with its code after a colon ("homepage_main_title_line1:es").
 */
export function contentKeyOf(name: ContentName, language: Language): string {
  const key = SETTING_DEFINITIONS[name].key;
  return language === DEFAULT_LANGUAGE ? key : `${key}:${language}`;
}

function serialise(name: ContentName, value: string): unknown {
  return CONTENT_FIELDS[name].kind === "rich" ? { html_content: value } : value;
}

/** The English site text (with its defaults). */
export async function getContent<K extends ContentName>(names: readonly K[]): Promise<Pick<ContentValues, K>> {
  return getSiteSettings(names) as Promise<Pick<ContentValues, K>>;
}

/** Each field's own translation in a language, and which fields have none ("Not translated" in the admin). */
export async function getContentTranslation<K extends ContentName>(language: Language, names: readonly K[]): Promise<ContentTranslation<K>> {
  if (language === DEFAULT_LANGUAGE) return { values: await getContent(names), untranslated: [] };
  const stored = await getStoredSettingValues(names.map((name) => contentKeyOf(name, language)));
  const values = {} as Record<K, string>;
  const untranslated: K[] = [];
  for (const name of names) {
    const value = normalise(name, textValueToString(parseTextValue(stored.get(contentKeyOf(name, language)))));
    values[name] = isBlankContent(value) ? "" : value;
    if (isBlankContent(value)) untranslated.push(name);
  }
  return { values: values as Pick<ContentValues, K>, untranslated };
}

// The code's defaults never change while the process runs: each is sanitised once, not on every page.
const normalisedDefaults = new Map<string, string>();

function normalisedDefault(name: ContentName, language: Language): string {
  const key = contentKeyOf(name, language);
  let value = normalisedDefaults.get(key);
  if (value === undefined) {
    value = normalise(name, isTranslatedLanguage(language) ? BUILT_IN_CONTENT[language][name] : SETTING_DEFINITIONS[name].fallback);
    normalisedDefaults.set(key, value);
  }
  return value;
}

/** Whether the English of a field is still its code default (never customised, or saved back unchanged). */
function isEnglishDefault(name: ContentName, english: string): boolean {
  return english === normalisedDefault(name, DEFAULT_LANGUAGE) || normalise(name, english) === normalisedDefault(name, DEFAULT_LANGUAGE);
}

/** The site text in a language, and the language each field's text is actually in. */
export type ContentIn<K extends ContentName> = { values: Pick<ContentValues, K>; languages: Record<K, Language> };

/**
 * The site text in a language, field by field (ADR 0054, 0057), the one home of the rule:
 * the translation an admin saved; else, while the English is still the code default, the
 * built-in translation (BUILT_IN_CONTENT); else the English the admin wrote.
 * `languages` says which language each field came out in, so an e-mail's frame can follow
 * its body.
 */
export async function resolveContentIn<K extends ContentName>(language: Language, names: readonly K[]): Promise<ContentIn<K>> {
  const english = await getContent(names);
  const languages = Object.fromEntries(names.map((name) => [name, DEFAULT_LANGUAGE])) as Record<K, Language>;
  if (language === DEFAULT_LANGUAGE) return { values: english, languages };
  const { values, untranslated } = await getContentTranslation(language, names);
  const result = { ...values } as Record<K, string>;
  for (const name of names) languages[name] = language;
  for (const name of untranslated) {
    if (isEnglishDefault(name, english[name])) {
      result[name] = normalisedDefault(name, language);
    } else {
      result[name] = english[name];
      languages[name] = DEFAULT_LANGUAGE;
    }
  }
  return { values: result as Pick<ContentValues, K>, languages };
}

/** The site text in a language (resolveContentIn's values): what pages call with the page's language. */
export async function getContentIn<K extends ContentName>(language: Language, names: readonly K[]): Promise<Pick<ContentValues, K>> {
  return (await resolveContentIn(language, names)).values;
}

async function appendHistory(tx: Transaction, key: string, name: ContentName, value: string, adminId: string): Promise<number> {
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
 * Saves the fields whose value changed in a language (sanitised first) and writes one
 * history version for each, in one transaction. A field emptied in a language other than
 * English is no longer translated: it shows the English again. Returns the names that changed.
 */
export async function saveContent(changes: Partial<ContentValues>, adminId: string, language: Language = DEFAULT_LANGUAGE): Promise<ContentName[]> {
  const names = (Object.keys(changes) as ContentName[]).filter((name) => name in CONTENT_FIELDS);
  const current = (await getContentTranslation(language, names)).values as Partial<ContentValues>;
  const proposed = Object.fromEntries(
    names.map((name) => {
      const value = normalise(name, changes[name] ?? "");
      return [name, language !== DEFAULT_LANGUAGE && isBlankContent(value) ? "" : value];
    }),
  ) as Partial<ContentValues>;
  const changed = names.filter((name) => proposed[name] !== current[name]);
  if (changed.length === 0) return [];
  await runTransaction(
    async (tx) => {
      await saveSettingRows(
        changed.map((name) => ({ key: contentKeyOf(name, language), value: serialise(name, proposed[name] ?? "") })),
        adminId,
        tx,
      );
      for (const name of changed) await appendHistory(tx, contentKeyOf(name, language), name, proposed[name] ?? "", adminId);
    },
    // Two admins saving the same field at once both picked the next version: go again.
    { attempts: 10, isRetryable: (error) => postgresError(error).constraint === "content_history_key_version" },
  );
  return changed;
}

/** The last 10 versions of a field in a language, newest first. */
export async function listContentHistory(name: ContentName, language: Language = DEFAULT_LANGUAGE, limit = HISTORY_LIMIT): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      version: contentHistory.version,
      value: contentHistory.contentValue,
      changedAt: contentHistory.changedAt,
      changedBy: users.email,
    })
    .from(contentHistory)
    .leftJoin(users, eq(users.id, contentHistory.changedByAdminId))
    .where(eq(contentHistory.contentKey, contentKeyOf(name, language)))
    .orderBy(desc(contentHistory.version))
    .limit(limit);
  return rows.map((row) => {
    const stored = row.value as { text?: unknown; html_content?: unknown };
    const raw = typeof stored.html_content === "string" ? stored.html_content : typeof stored.text === "string" ? stored.text : "";
    return { version: row.version, value: normalise(name, raw), changedAt: row.changedAt, changedBy: row.changedBy };
  });
}
