import { sql } from "drizzle-orm";
import { db } from "../../kernel/db.server";
import { TRAILER_VIEW_POINTS } from "./points-rules";

/**
 * First trailer play: +5 points once. One statement flips has_viewed_trailer, adds the
 * points and writes the ledger row, so repeats and races credit nothing more.
 */
export async function creditTrailerView(memberId: string): Promise<boolean> {
  const result = await db.execute<{ member_id: string }>(sql`
    with credited as (
      update waitlist_users
         set has_viewed_trailer = true, points = points + ${TRAILER_VIEW_POINTS}, updated_at = now()
       where id = ${memberId} and not has_viewed_trailer
      returning id
    )
    insert into points_ledger (member_id, delta, reason)
    select id, ${TRAILER_VIEW_POINTS}, 'trailer_view' from credited
    returning member_id`);
  return result.rows.length > 0;
}

/** Sums a member's ledger: equals their points when every change went through the server. */
export async function sumLedger(memberId: string): Promise<number> {
  const result = await db.execute<{ total: number }>(
    sql`select coalesce(sum(delta), 0)::integer as total from points_ledger where member_id = ${memberId}`,
  );
  return result.rows[0]?.total ?? 0;
}
