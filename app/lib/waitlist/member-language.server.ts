import { eq, inArray } from "drizzle-orm";
import { waitlistUsers } from "../../../db/schema";
import { db, type Executor } from "../../kernel/db.server";
import { DEFAULT_LANGUAGE, type Language } from "../../kernel/i18n/languages";

/** The language a member's e-mails are written in now (they may have switched since they joined); English once they are gone. */
export async function memberLanguage(memberId: string, executor: Executor = db): Promise<Language> {
  const [row] = await executor.select({ language: waitlistUsers.language }).from(waitlistUsers).where(eq(waitlistUsers.id, memberId));
  return row?.language ?? DEFAULT_LANGUAGE;
}

/** memberLanguage for many members in one read; a member who is gone is left out (English). */
export async function listMemberLanguages(memberIds: readonly string[], executor: Executor = db): Promise<Map<string, Language>> {
  if (memberIds.length === 0) return new Map();
  const rows = await executor.select({ id: waitlistUsers.id, language: waitlistUsers.language }).from(waitlistUsers).where(inArray(waitlistUsers.id, [...new Set(memberIds)]));
  return new Map(rows.map((row) => [row.id, row.language]));
}
