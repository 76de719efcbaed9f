import { sql } from "drizzle-orm";
import { db } from "../../kernel/db.server";
import { startPeriodicJob } from "../jobs/periodic.server";
import { ADVISORY_LOCKS } from "../../kernel/advisory-locks";

const FOLD_INTERVAL_MS = 1_000;

/**
 * Folds the rank trigger's appended changes into leaderboard_score_counts (ADR 0038).
 * One process at a time folds (the others skip); each change is folded once because the
 * fold deletes exactly the rows it adds up, in the same transaction. Returns how many
 * changes it folded, or null when another process was folding.
 */
export async function foldScoreChanges(): Promise<number | null> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.scoreFold}) as locked`);
    if (!lock.rows[0]?.locked) return null;
    const folded = await tx.execute<{ folded: number }>(sql`select leaderboard_fold() as folded`);
    return Number(folded.rows[0]?.folded ?? 0);
  });
}

/** Folds every second in every process; the lock keeps it to one at a time. */
export function startScoreFoldJob({ intervalMs = FOLD_INTERVAL_MS } = {}) {
  return startPeriodicJob("folding leaderboard score changes", async () => void (await foldScoreChanges()), intervalMs);
}
