import { and, desc, eq, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { auditEvents } from "../../../db/schema";
import { db, type Executor } from "../../kernel/db.server";
import { csvRow } from "../csv";
import { containsPattern } from "../../kernel/db/contains-pattern";
import type { Actor } from "./actor";

export type AuditEntry = { action: string; targetType: string; targetId?: string | null; before?: unknown; after?: unknown };

function auditRow(actor: Actor, entry: AuditEntry): typeof auditEvents.$inferInsert {
  return {
    actorKind: actor.kind,
    actorId: actor.kind === "system" ? null : actor.id,
    actorName: actor.name,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before === undefined ? null : sql`${JSON.stringify(entry.before)}::jsonb`,
    after: entry.after === undefined ? null : sql`${JSON.stringify(entry.after)}::jsonb`,
  };
}

/** One audit row; pass the transaction that makes the change. */
export async function recordAuditEvent(executor: Executor, actor: Actor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditEvents).values(auditRow(actor, entry));
}

/** Many audit rows by one actor in one statement (a batch of imported members). */
export async function recordAuditEvents(executor: Executor, actor: Actor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length > 0) await executor.insert(auditEvents).values(entries.map((entry) => auditRow(actor, entry)));
}

export type AuditFilter = { actorKind?: "admin" | "api_key" | "system"; targetType?: string; search?: string; before?: number };
export type AuditRow = typeof auditEvents.$inferSelect;
export const AUDIT_PAGE_SIZE = 50;

function auditWhere({ actorKind, targetType, search, before }: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (actorKind) conditions.push(eq(auditEvents.actorKind, actorKind));
  if (targetType) conditions.push(eq(auditEvents.targetType, targetType));
  if (search?.trim()) {
    const pattern = containsPattern(search.trim());
    conditions.push(or(ilike(auditEvents.actorName, pattern), ilike(auditEvents.action, pattern), ilike(auditEvents.targetId, pattern))!);
  }
  if (before) conditions.push(lt(auditEvents.id, before));
  return conditions.length ? and(...conditions) : undefined;
}

/** Newest first, a page at a time (keyset on id). */
export async function listAuditEvents(filter: AuditFilter, limit = AUDIT_PAGE_SIZE): Promise<{ rows: AuditRow[]; nextBefore: number | null }> {
  const rows = await db.select().from(auditEvents).where(auditWhere(filter)).orderBy(desc(auditEvents.id)).limit(limit + 1);
  const page = rows.slice(0, limit);
  return { rows: page, nextBefore: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

export async function listAuditTargetTypes(): Promise<string[]> {
  const rows = await db.selectDistinct({ targetType: auditEvents.targetType }).from(auditEvents).orderBy(auditEvents.targetType).limit(50);
  return rows.map((row) => row.targetType);
}

/** The filtered log as CSV, streamed in keyset batches. */
export function streamAuditCsv(filter: Omit<AuditFilter, "before">): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let before: number | undefined;
  let isHeaderSent = false;
  let isDone = false;
  return new ReadableStream({
    async pull(controller) {
      if (!isHeaderSent) {
        isHeaderSent = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(["When (UTC)", "Who", "Kind", "Action", "Target", "Target id", "Before", "After"])}`));
        return;
      }
      if (isDone) return controller.close();
      const { rows, nextBefore } = await listAuditEvents({ ...filter, before }, 1000);
      controller.enqueue(
        encoder.encode(
          rows
            .map((row) => csvRow([row.occurredAt.toISOString(), row.actorName, row.actorKind, row.action, row.targetType, row.targetId ?? "", JSON.stringify(row.before ?? null), JSON.stringify(row.after ?? null)]))
            .join(""),
        ),
      );
      if (nextBefore === null) isDone = true;
      else before = nextBefore;
    },
  });
}

const jsonOrNull = (value: unknown) => (value === undefined ? sql`null` : sql`${JSON.stringify(value)}::jsonb`);

/** An admin's change when only their id is at hand: the name is their e-mail, read in the same statement. */
export async function recordAdminAuditEvent(executor: Executor, adminId: string, entry: AuditEntry): Promise<void> {
  await executor.execute(sql`
    insert into audit_events (actor_kind, actor_id, actor_name, action, target_type, target_id, before, after)
    values ('admin', ${adminId}, coalesce((select email from users where id = ${adminId}), ${adminId}), ${entry.action}, ${entry.targetType},
            ${entry.targetId ?? null}, ${jsonOrNull(entry.before)}, ${jsonOrNull(entry.after)})`);
}
