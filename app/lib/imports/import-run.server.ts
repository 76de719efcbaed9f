import { and, asc, eq, gt, sql } from "drizzle-orm";
import { memberImportRows, memberImports, users } from "../../../db/schema";
import { adminActor } from "../audit/actor";
import { recordAdminAuditEvent, recordAuditEvents } from "../audit/audit.server";
import { runTransaction, type Transaction } from "../../kernel/db.server";
import { loadJoinSettings, type JoinSettings } from "../waitlist/join/join-rules.server";
import { AppError } from "../../kernel/errors";
import { log } from "../../kernel/log.server";
import { normaliseTags } from "../waitlist/member-admin.server";
import { createMembers } from "../waitlist/join/create-members.server";
import { callJoinBatch } from "../waitlist/join/join-record.server";
import { getMemberImport, type MemberImport } from "./import-check.server";

/** Lines per transaction: small enough to keep locks short, large enough to be quick. */
const IMPORT_BATCH = 500;
const IDLE_POLL_MS = 2_000;
export const IMPORT_STARTED_ELSEWHERE_MESSAGE = "This import has already been started.";

type StagedRow = typeof memberImportRows.$inferSelect;
type Added = { row: StagedRow; id: string };

/**
 * Starts the import of a checked upload's new lines, with tags added to every member
 * and, only when chosen, the welcome e-mail. Starts once: a second start (another tab,
 * a double click) is refused. The lines themselves are added by the import worker.
 */
export async function startImport(importId: string, options: { tags: readonly string[]; sendWelcome: boolean }, adminId: string): Promise<MemberImport> {
  const started = await runTransaction(async (tx) => {
    const [row] = await tx
      .update(memberImports)
      .set({ status: "importing", tags: normaliseTags(options.tags), sendWelcome: options.sendWelcome, startedBy: adminId, startedAt: new Date() })
      .where(and(eq(memberImports.id, importId), eq(memberImports.status, "checked")))
      .returning();
    if (!row) return null;
    await recordAdminAuditEvent(tx, adminId, {
      action: "members.import_started",
      targetType: "member_import",
      targetId: row.id,
      after: { fileName: row.fileName, newRows: row.newRows, tags: row.tags, sendWelcome: row.sendWelcome },
    });
    return row;
  });
  if (started) {
    wakeImportWorker();
    return started;
  }
  if (!(await getMemberImport(importId))) throw new AppError("NOT_FOUND", "This import is no longer available. Upload the file again.");
  throw new AppError("CONFLICT", IMPORT_STARTED_ELSEWHERE_MESSAGE);
}

/**
 * Adds the staged lines as members through the one way members are created
 * (createMembers), in the import's transaction: 10 points each through the ledger, the
 * welcome e-mail only when chosen. A line whose person joined since the check is
 * skipped; a referral code someone else holds is replaced.
 */
async function insertMembers(tx: Transaction, job: MemberImport, rows: StagedRow[], joinSettings: JoinSettings): Promise<Added[]> {
  const created = await createMembers(
    rows.map((row) => ({
      email: row.email,
      code: row.referralCode,
      tags: normaliseTags([...row.tags, ...job.tags]),
      notes: row.notes,
      isConfirmed: row.isConfirmed,
      isBlocked: row.isBlocked,
      language: row.language,
      sendWelcome: job.sendWelcome && !row.isBlocked,
    })),
    (requests) => callJoinBatch(tx, requests),
    joinSettings,
  );
  return rows.flatMap((row, index) => {
    const result = created[index]!;
    return result.outcome === "joined" ? [{ row, id: result.member.id }] : [];
  });
}

async function actorOf(tx: Transaction, job: MemberImport) {
  const [admin] = job.startedBy ? await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, job.startedBy)) : [];
  return admin ? adminActor(admin) : ({ kind: "system", name: "CSV import" } as const);
}

/**
 * One step of whichever import is running: the next batch of its new lines in one
 * transaction (members, ledger rows, audit rows, chosen welcome e-mails and the import's
 * progress together), or its completion. The import's row is locked, so each batch is
 * done once however many processes work; a restart resumes after the last batch.
 * Returns false when no import is running.
 */
export async function importNextBatch(): Promise<boolean> {
  const joinSettings = await loadJoinSettings();
  return runTransaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(memberImports)
      .where(eq(memberImports.status, "importing"))
      .orderBy(asc(memberImports.startedAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!job) return false;
    const actor = await actorOf(tx, job);
    const rows = await tx
      .select()
      .from(memberImportRows)
      .where(and(eq(memberImportRows.importId, job.id), eq(memberImportRows.outcome, "new"), gt(memberImportRows.line, job.doneThroughLine)))
      .orderBy(asc(memberImportRows.line))
      .limit(IMPORT_BATCH);
    if (rows.length === 0) {
      await tx.update(memberImports).set({ status: "imported", finishedAt: new Date() }).where(eq(memberImports.id, job.id));
      await recordAuditEvents(tx, actor, [
        {
          action: "members.import_finished",
          targetType: "member_import",
          targetId: job.id,
          after: { fileName: job.fileName, imported: job.importedRows, skipped: job.skippedRows },
        },
      ]);
      // The staged lines did their work; the import's counts stay.
      await tx.delete(memberImportRows).where(eq(memberImportRows.importId, job.id));
      return true;
    }
    const added = await insertMembers(tx, job, rows, joinSettings);
    await recordAuditEvents(
      tx,
      actor,
      added.map(({ row, id }) => ({
        action: "member.imported",
        targetType: "member",
        targetId: id,
        after: { email: row.email, line: row.line, file: job.fileName, tags: normaliseTags([...row.tags, ...job.tags]), confirmed: row.isConfirmed, blocked: row.isBlocked, language: row.language },
      })),
    );
    await tx
      .update(memberImports)
      .set({
        doneThroughLine: rows[rows.length - 1]!.line,
        importedRows: sql`${memberImports.importedRows} + ${added.length}`,
        skippedRows: sql`${memberImports.skippedRows} + ${rows.length - added.length}`,
      })
      .where(eq(memberImports.id, job.id));
    return true;
  });
}

let wake: (() => void) | null = null;

function wakeImportWorker() {
  wake?.();
}

/** Works through running imports batch by batch; idle, it looks again every 2 s (another process may start one). */
export function startImportWorker() {
  let isStopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const run = async () => {
    try {
      while (!isStopped && (await importNextBatch()));
    } catch (error) {
      log.warn("import batch failed; retrying shortly", { error });
    }
  };
  const tick = () => {
    if (isStopped || running) return;
    running = run().finally(() => {
      running = null;
      if (!isStopped) timer = setTimeout(tick, IDLE_POLL_MS);
    });
  };
  wake = () => {
    if (timer) clearTimeout(timer);
    tick();
  };
  tick();
  return {
    stop: async () => {
      isStopped = true;
      wake = null;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
