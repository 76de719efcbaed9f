import { sql } from "drizzle-orm";
import type { Executor } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { seasonLabel } from "../seasons/season-calendar";

/**
 * A real season's winner e-mails wait for the end of a rehearsal (ADR 0051): queued now,
 * they would be held in the back office and discarded with the rehearsal's own.
 */
export async function refuseRealWinnerMailDuringRehearsal(executor: Executor, season: string): Promise<void> {
  const found = await executor.execute<{ rehearsal: boolean; on: boolean }>(sql`
    select coalesce((select rehearsal from seasons where season = ${season}::date), false) as rehearsal, rehearsal_mode_on() as on`);
  const row = found.rows[0];
  if (row?.on && !row.rehearsal) {
    throw new AppError("CONFLICT", `Rehearsal mode is on: e-mail ${seasonLabel(season)}'s real winners once the rehearsal has ended (Site Settings → Rehearsal).`);
  }
}
