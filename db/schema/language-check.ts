import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { LANGUAGES } from "../../app/kernel/i18n/languages";

/**
 * A language column's check, written from LANGUAGES (their one home, issue 41): a new
 * language is one line there, and `drizzle-kit generate` writes the migration that widens
 * every check. Not exported through the schema index: it is a helper, not a table.
 */
export function isSiteLanguage(column: AnyColumn): SQL {
  return sql`${column} in (${sql.raw(LANGUAGES.map((language) => `'${language}'`).join(", "))})`;
}
