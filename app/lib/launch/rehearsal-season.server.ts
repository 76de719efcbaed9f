import { sql } from "drizzle-orm";
import { recordAdminAuditEvent } from "../audit/audit.server";
import { db } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { freezeSeason, lockSeasonJob } from "../seasons/season-freeze.server";
import { requireRehearsalOwner } from "./rehearsal.server";

/**
 * "Rehearse closing this month" (owners, during a rehearsal; audited): the month so far is
 * frozen as a rehearsal season, so its winners can be confirmed and e-mailed (into the
 * back office) and `season.closed` reaches the test endpoints. Running it again replaces
 * the month's rehearsal; the rehearsal's end deletes it. Returns the season and how many
 * standings it holds.
 */
export async function rehearseSeasonClose(ownerId: string, now = new Date()): Promise<{ season: string; standings: number }> {
  return db.transaction(async (tx) => {
    await requireRehearsalOwner(tx, ownerId);
    await lockSeasonJob(tx);
    const found = await tx.execute<{ on: boolean; season: string; existing: boolean | null }>(sql`
      with month as (select date_trunc('month', ${now.toISOString()}::timestamptz at time zone site_time_zone())::date as season)
      select rehearsal_mode_on() as on, to_char(month.season, 'YYYY-MM-DD') as season,
             (select rehearsal from seasons where seasons.season = month.season) as existing
        from month`);
    const { on, season, existing } = found.rows[0]!;
    if (!on) throw new AppError("CONFLICT", "Start a rehearsal first (Site Settings → Rehearsal).");
    if (existing === false) throw new AppError("CONFLICT", "This month is already closed.");
    if (existing) await tx.execute(sql`delete from seasons where season = ${season}::date and rehearsal`);
    const standings = await freezeSeason(tx, season, now, { rehearsal: true });
    if (standings === 0) throw new AppError("CONFLICT", "Nobody has earned points this month yet: there is nothing to close.");
    await recordAdminAuditEvent(tx, ownerId, { action: "season.close_rehearsed", targetType: "season", targetId: season.slice(0, 7), after: { standings, replaced: Boolean(existing) } });
    return { season, standings };
  });
}
