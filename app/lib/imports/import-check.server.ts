import { and, asc, eq, gt, ne, sql } from "drizzle-orm";
import { memberImportRows, memberImports } from "../../../db/schema";
import { csvRow } from "../csv";
import { db } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { getSiteSettings } from "../settings/settings.server";
import { isThrowawayAddress } from "../waitlist/throwaway-domains.server";
import { IMPORT_TOO_MANY_LINES_MESSAGE, MAX_IMPORT_LINES, type CsvUpload } from "./csv-upload.server";
import { checkImportRow, EMAIL_ONLY, headerColumns, type CheckedRow, type ImportColumns } from "./import-row";

const STAGE_BATCH = 1000;
export const IMPORT_EMPTY_MESSAGE = "This file lists no e-mail addresses.";
export const IMPORT_PROBLEMS_SHOWN = 100;

export type MemberImport = typeof memberImports.$inferSelect;
export type ImportProblem = { line: number; email: string; outcome: "existing" | "invalid" | "disposable"; reason: string };

function fileNameOf(name: string): string {
  // eslint-disable-next-line no-control-regex -- a file name is shown on the screen and in the audit log
  const base = name.replace(/^.*[\\/]/, "").replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim();
  return base.slice(0, 200) || "upload.csv";
}

function stagedRow(importId: string, line: number, row: CheckedRow): typeof memberImportRows.$inferInsert {
  if (row.outcome !== "new") return { importId, line, email: row.email, outcome: row.outcome, reason: row.reason };
  return {
    importId,
    line,
    email: row.email,
    identity: row.identity,
    outcome: "new",
    referralCode: row.referralCode,
    tags: row.tags,
    notes: row.notes,
    isConfirmed: row.isConfirmed,
    isBlocked: row.isBlocked,
    language: row.language,
  };
}

/** Lines whose person is already listed, or listed on an earlier line of the same file. */
async function markExisting(importId: string): Promise<void> {
  await db.execute(sql`
    update member_import_rows r set outcome = 'existing', reason = 'Already on the waitlist'
      from waitlist_users u
     where r.import_id = ${importId} and r.outcome = 'new' and u.email_identity = r.identity`);
  await db.execute(sql`
    update member_import_rows r set outcome = 'existing', reason = 'Also on line ' || d.first_line
      from (select line, min(line) over (partition by identity) as first_line
              from member_import_rows where import_id = ${importId} and outcome = 'new') d
     where r.import_id = ${importId} and r.line = d.line and d.line <> d.first_line`);
}

async function countOutcomes(importId: string): Promise<MemberImport> {
  // One pass over the staged lines for all four counts.
  const counts = await db
    .select({ outcome: memberImportRows.outcome, lines: sql<number>`count(*)::integer` })
    .from(memberImportRows)
    .where(eq(memberImportRows.importId, importId))
    .groupBy(memberImportRows.outcome);
  const of = (outcome: string) => Number(counts.find((row) => row.outcome === outcome)?.lines ?? 0);
  const [updated] = await db
    .update(memberImports)
    .set({
      totalRows: counts.reduce((sum, row) => sum + Number(row.lines), 0),
      newRows: of("new"),
      existingRows: of("existing"),
      invalidRows: of("invalid"),
      disposableRows: of("disposable"),
    })
    .where(eq(memberImports.id, importId))
    .returning();
  if (!updated) throw new Error("the import vanished while it was checked");
  return updated;
}

/**
 * The dry run: reads the uploaded CSV as it streams in, stages every line with what the
 * import would do (new, existing, invalid, disposable, and why) in batches, and counts.
 * Nothing on the waitlist changes. A file that cannot be read leaves nothing behind.
 */
export async function checkImport(upload: CsvUpload, adminId: string): Promise<MemberImport> {
  const settings = await getSiteSettings(["emailDomainBlocklist", "emailDomainAllowlist"]);
  const lists = { blocked: settings.emailDomainBlocklist, allowed: settings.emailDomainAllowlist };
  const isThrowaway = (email: string) => isThrowawayAddress(email, lists);
  const [created] = await db.insert(memberImports).values({ fileName: fileNameOf(upload.fileName), createdBy: adminId }).returning({ id: memberImports.id });
  if (!created) throw new Error("import insert returned no row");
  const importId = created.id;
  try {
    let columns: ImportColumns | null = null;
    let lines = 0;
    let batch: (typeof memberImportRows.$inferInsert)[] = [];
    for await (const { line, cells } of upload.records) {
      if (columns === null) {
        columns = headerColumns(cells);
        if (columns) continue;
        columns = EMAIL_ONLY;
      }
      lines += 1;
      if (lines > MAX_IMPORT_LINES) throw new AppError("INVALID_INPUT", IMPORT_TOO_MANY_LINES_MESSAGE);
      batch.push(stagedRow(importId, line, checkImportRow(cells, columns, isThrowaway)));
      if (batch.length >= STAGE_BATCH) {
        await db.insert(memberImportRows).values(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await db.insert(memberImportRows).values(batch);
    if (lines === 0) throw new AppError("INVALID_INPUT", IMPORT_EMPTY_MESSAGE);
    await markExisting(importId);
    return await countOutcomes(importId);
  } catch (error) {
    await db.delete(memberImports).where(eq(memberImports.id, importId));
    throw error;
  }
}

export async function getMemberImport(importId: string): Promise<MemberImport | null> {
  if (!/^[0-9a-f-]{36}$/i.test(importId)) return null;
  const [row] = await db.select().from(memberImports).where(eq(memberImports.id, importId));
  return row ?? null;
}

/** The lines the import will not add, in file order, a page at a time (keyset on line). */
export async function listImportProblems(importId: string, afterLine = 0, limit = IMPORT_PROBLEMS_SHOWN): Promise<ImportProblem[]> {
  const rows = await db
    .select({ line: memberImportRows.line, email: memberImportRows.email, outcome: memberImportRows.outcome, reason: memberImportRows.reason })
    .from(memberImportRows)
    .where(and(eq(memberImportRows.importId, importId), ne(memberImportRows.outcome, "new"), gt(memberImportRows.line, afterLine)))
    .orderBy(asc(memberImportRows.line))
    .limit(limit);
  return rows.map((row) => ({ ...row, outcome: row.outcome as ImportProblem["outcome"], reason: row.reason ?? "" }));
}

/** The lines the import will not add, as CSV (Line, E-mail, Outcome, Reason), read in batches. */
export function streamImportProblemsCsv(importId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterLine: number | null = null;
  return new ReadableStream({
    async pull(controller) {
      if (afterLine === null) {
        afterLine = 0;
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(["Line", "E-mail", "Outcome", "Reason"])}`));
        return;
      }
      const rows = await listImportProblems(importId, afterLine, 1000);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      afterLine = rows[rows.length - 1]!.line;
      controller.enqueue(encoder.encode(rows.map((row) => csvRow([row.line, row.email, row.outcome, row.reason])).join("")));
    },
  });
}
