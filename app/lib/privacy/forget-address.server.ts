import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { auditEvents, emailOutbox, memberAuditLog, memberImportRows, rateLimits, verifications, webhookMessages } from "../../../db/schema";
import type { Transaction } from "../db.server";
import { auditNames, importRowNames, outboxNames, rateLimitNames, textNames, textNamesOrId, verificationNames, type NamedBy } from "./member-rows.server";
import { scrubJson, type MemberTraces } from "./member-traces";

const jsonb = (value: unknown): SQL => (value === null || value === undefined ? sql`null` : sql`${JSON.stringify(value)}::jsonb`);

async function scrubJsonRows(rows: { id: number; values: Record<string, unknown> }[], traces: MemberTraces, write: (id: number, values: Record<string, unknown>) => Promise<void>) {
  for (const row of rows) {
    const scrubbed: Record<string, unknown> = {};
    let changed = false;
    for (const [column, value] of Object.entries(row.values)) {
      const result = scrubJson(value, traces.needles);
      scrubbed[column] = result.value;
      changed ||= result.changed;
    }
    if (changed) await write(row.id, scrubbed);
  }
}

/**
 * Removes an address's traces from the rows that outlive it (ADR 0045): e-mails, pending
 * sign-in links, staged import lines and rate-limit counters naming it go; webhook payloads
 * and audit values keep their shape with the traces scrubbed. `byId` for an erasure, which
 * also reaches what names the member by id: messages not yet sent to integrations go, and
 * changes made to them keep what was done, not the values. Without it (a change of address,
 * ADR 0046) only the old address's traces go and the member's own rows stay.
 */
export async function forgetAddress(tx: Transaction, traces: MemberTraces, { byId }: NamedBy): Promise<void> {
  if (byId) await tx.delete(webhookMessages).where(and(eq(webhookMessages.status, "pending"), textNamesOrId(sql`${webhookMessages.payload}::text`, traces)));
  const payloads = await tx
    .select({ id: webhookMessages.id, payload: webhookMessages.payload })
    .from(webhookMessages)
    .where(textNames(sql`${webhookMessages.payload}::text`, traces));
  await scrubJsonRows(payloads.map((row) => ({ id: row.id, values: { payload: row.payload } })), traces, async (id, values) => {
    await tx.update(webhookMessages).set({ payload: jsonb(values.payload) }).where(eq(webhookMessages.id, id));
  });

  await tx.delete(emailOutbox).where(outboxNames(traces, { byId }));
  await tx.delete(verifications).where(verificationNames(traces));
  await tx.delete(memberImportRows).where(importRowNames(traces));
  await tx.delete(rateLimits).where(rateLimitNames(traces, { byId }));

  if (byId) {
    await tx
      .update(auditEvents)
      .set({ before: null, after: null })
      .where(and(eq(auditEvents.targetType, "member"), eq(auditEvents.targetId, traces.memberId)));
  }
  const audits = await tx
    .select({ id: auditEvents.id, actorName: auditEvents.actorName, before: auditEvents.before, after: auditEvents.after })
    .from(auditEvents)
    .where(auditNames(traces, { byId }));
  await scrubJsonRows(audits.map((row) => ({ id: row.id, values: { actorName: row.actorName, before: row.before, after: row.after } })), traces, async (id, values) => {
    await tx
      .update(auditEvents)
      .set({ actorName: String(values.actorName), before: jsonb(values.before), after: jsonb(values.after) })
      .where(eq(auditEvents.id, id));
  });
  // An erased member's own log goes with them (cascade); other logs, and a moving member's own, are scrubbed.
  const logs = await tx
    .select({ id: memberAuditLog.id, before: memberAuditLog.before, after: memberAuditLog.after })
    .from(memberAuditLog)
    .where(
      and(
        byId ? ne(memberAuditLog.memberId, traces.memberId) : undefined,
        sql`(${textNames(sql`${memberAuditLog.before}::text`, traces)} or ${textNames(sql`${memberAuditLog.after}::text`, traces)})`,
      ),
    );
  await scrubJsonRows(logs.map((row) => ({ id: row.id, values: { before: row.before, after: row.after } })), traces, async (id, values) => {
    await tx.update(memberAuditLog).set({ before: jsonb(values.before), after: jsonb(values.after) }).where(eq(memberAuditLog.id, id));
  });
}
