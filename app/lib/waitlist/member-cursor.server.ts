import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { waitlistUsers } from "../../../db/schema";
import { db } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { containsPattern } from "../../kernel/db/contains-pattern";
import { memberListColumns, type MemberListRow } from "./member-admin.server";

export type MemberCursorQuery = { search?: string; confirmed?: boolean; blocked?: boolean; cursor?: string; limit: number };

// The database's own microseconds: a JavaScript Date keeps milliseconds, and a cursor cut to
// them would skip a member who joined within the same millisecond as a page's last one.
const cursorTime = sql<string>`to_char(${waitlistUsers.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const encodeCursor = (row: { id: string; cursorAt: string }) => Buffer.from(`${row.cursorAt}|${row.id}`).toString("base64url");

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, "base64url").toString().split("|");
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt)) || !/^[0-9a-f-]{36}$/.test(id)) throw new AppError("INVALID_INPUT", "This cursor is not one we gave out.");
  return { createdAt, id };
}

/**
 * Members newest first, a page at a time by keyset (stable while members join): the API's
 * list, so only members integrations may see (no child without the parent's yes to sharing, ADR 0065).
 */
export async function listMembersByCursor({ search, confirmed, blocked, cursor, limit }: MemberCursorQuery): Promise<{ rows: MemberListRow[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(waitlistUsers.reachesPartners, true)];
  const term = search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(or(ilike(waitlistUsers.email, pattern), ilike(waitlistUsers.referralCode, pattern), sql`exists (select 1 from unnest(${waitlistUsers.tags}) as tag where tag ilike ${pattern})`)!);
  }
  if (confirmed !== undefined) conditions.push(eq(waitlistUsers.confirmedEmail, confirmed));
  if (blocked !== undefined) conditions.push(eq(waitlistUsers.isBlocked, blocked));
  if (cursor) {
    const after = decodeCursor(cursor);
    conditions.push(sql`(${waitlistUsers.createdAt}, ${waitlistUsers.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await db
    .select({ ...memberListColumns, cursorAt: cursorTime })
    .from(waitlistUsers)
    .where(and(...conditions))
    .orderBy(desc(waitlistUsers.createdAt), desc(waitlistUsers.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page.map(({ cursorAt: _cursorAt, ...row }) => row), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
