import { and, eq, sql, type SQL } from "drizzle-orm";
import { auditEvents, emailOutbox, memberAuditLog, memberImportRows, rateLimits, verifications, webhookMessages } from "../../../db/schema";
import type { Transaction } from "../../kernel/db.server";
import { auditNames, importRowNames, outboxNames, rateLimitNames, verificationNames, webhookNames, type NamedBy } from "./member-rows.server";
import { scrubJson, type MemberTraces } from "./member-traces";

const jsonb = (value: unknown): SQL => (value === null || value === undefined ? sql`null` : sql`${JSON.stringify(value)}::jsonb`);

/** Each row's JSON values with the member's addresses (whole values) replaced; only changed rows are written. */
async function scrubRows<Row extends { id: number }>(rows: Row[], columns: readonly (keyof Row)[], traces: MemberTraces, write: (id: number, values: Partial<Row>) => Promise<void>) {
  for (const row of rows) {
    const scrubbed: Partial<Row> = {};
    let changed = false;
    for (const column of columns) {
      const result = scrubJson(row[column], traces.addresses);
      scrubbed[column] = result.value as Row[keyof Row];
      changed ||= result.changed;
    }
    if (changed) await write(row.id, scrubbed);
  }
}

/**
 * Removes what names a member or their address from the rows that outlive it (ADR 0059):
 * e-mails to the address or marked as theirs, pending sign-in links, staged import lines and
 * counters keyed by it go; webhook messages and audit rows about them keep their shape with
 * the address's whole values scrubbed. `byId` for an erasure, which also reaches what names
 * the member by id: messages not yet sent to integrations go, and changes made to them keep
 * what was done, not the values. Without it (a change of address, ADR 0046) only the old
 * address goes and the member's own rows stay. Rows of anyone else are never read.
 */
export async function forgetAddress(tx: Transaction, traces: MemberTraces, { byId }: NamedBy): Promise<void> {
  if (byId) await tx.delete(webhookMessages).where(and(eq(webhookMessages.status, "pending"), webhookNames(traces)));
  const messages = await tx.select({ id: webhookMessages.id, payload: webhookMessages.payload }).from(webhookMessages).where(webhookNames(traces));
  await scrubRows(messages, ["payload"], traces, async (id, values) => {
    await tx.update(webhookMessages).set({ payload: jsonb(values.payload) }).where(eq(webhookMessages.id, id));
  });

  await tx.delete(emailOutbox).where(outboxNames(traces, { byId }));
  await tx.delete(verifications).where(verificationNames(traces));
  await tx.delete(memberImportRows).where(importRowNames(traces));
  await tx.delete(rateLimits).where(rateLimitNames(traces, { byId }));

  if (byId) {
    // An erased member's own log goes with them (cascade); the audit log keeps what was done to them, by whom and when.
    await tx.update(auditEvents).set({ before: null, after: null }).where(auditNames(traces));
    return;
  }
  const audits = await tx.select({ id: auditEvents.id, before: auditEvents.before, after: auditEvents.after }).from(auditEvents).where(auditNames(traces));
  await scrubRows(audits, ["before", "after"], traces, async (id, values) => {
    await tx.update(auditEvents).set({ before: jsonb(values.before), after: jsonb(values.after) }).where(eq(auditEvents.id, id));
  });
  const logs = await tx.select({ id: memberAuditLog.id, before: memberAuditLog.before, after: memberAuditLog.after }).from(memberAuditLog).where(eq(memberAuditLog.memberId, traces.memberId));
  await scrubRows(logs, ["before", "after"], traces, async (id, values) => {
    await tx.update(memberAuditLog).set({ before: jsonb(values.before), after: jsonb(values.after) }).where(eq(memberAuditLog.id, id));
  });
}
