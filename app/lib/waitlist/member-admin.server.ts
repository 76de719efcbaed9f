import type { ConsentMethod } from "../consent/consent-rules";
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { memberAuditLog, waitlistUsers } from "../../../db/schema";
import { db, type Executor } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { isUuid } from "../../kernel/uuid";
import { containsPattern } from "../../kernel/db/contains-pattern";
import { enqueueWebhookEvent } from "../webhooks/enqueue.server";
import type { Actor } from "../audit/actor";
import { recordAdminAuditEvent, recordAuditEvent } from "../audit/audit.server";
import { memberEmailStatusSql, type EmailStatus } from "../email/suppression.server";
import { countMembers, memberColumns, type Member } from "./members.server";
import type { LaunchStatus } from "../launch/launch-status";
import type { Language } from "../../kernel/i18n/languages";
import { launchStatusFilterSql, memberLaunchStatusSql } from "../launch/launch-status.server";

export const MEMBERS_PAGE_SIZE = 50;
export type ConfirmedFilter = "any" | "yes" | "no";
export type LaunchFilter = "any" | LaunchStatus;


function memberFilter(search: string, confirmed: ConfirmedFilter, launch: LaunchFilter = "any"): SQL | undefined {
  const conditions: SQL[] = [];
  const term = search.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(
      or(
        ilike(waitlistUsers.email, pattern),
        ilike(waitlistUsers.referralCode, pattern),
        // A code from an old shared link finds its member too (ADR 0042).
        sql`exists (select 1 from referral_code_aliases a where a.member_id = ${waitlistUsers.id} and a.code ilike ${pattern})`,
        sql`exists (select 1 from unnest(${waitlistUsers.tags}) as tag where tag ilike ${pattern})`,
      )!,
    );
  }
  if (confirmed !== "any") conditions.push(eq(waitlistUsers.confirmedEmail, confirmed === "yes"));
  if (launch !== "any") conditions.push(launchStatusFilterSql(launch));
  return conditions.length ? and(...conditions) : undefined;
}

export type MemberListRow = Member & {
  tags: string[];
  notes: string;
  crewNameRoll: number;
  consentMethod: ConsentMethod | null;
  consentAt: Date | null;
  privacyNoticeVersion: number | null;
  /** The country given on the age question and the consent age it set (ADR 0063). */
  consentCountry: string | null;
  consentAge: number | null;
  /** Whether the member's address gets optional e-mail (ADR 0044). */
  emailStatus: EmailStatus;
  /** Waiting, invited or admitted (ADR 0049). */
  launchStatus: LaunchStatus;
  /** The site's language the member's browser preferred when they joined. */
  language: Language;
};

export const memberListColumns = {
  ...memberColumns,
  tags: waitlistUsers.tags,
  notes: waitlistUsers.notes,
  crewNameRoll: waitlistUsers.crewNameRoll,
  consentMethod: waitlistUsers.consentMethod,
  consentAt: waitlistUsers.consentAt,
  privacyNoticeVersion: waitlistUsers.privacyNoticeVersion,
  consentCountry: waitlistUsers.consentCountry,
  consentAge: waitlistUsers.consentAge,
  emailStatus: memberEmailStatusSql,
  launchStatus: memberLaunchStatusSql,
  language: waitlistUsers.language,
};

/** One page of members, newest first, filtered in SQL; with the filtered and overall counts. */
export async function listMembersPage({
  search = "",
  confirmed = "any",
  launch = "any",
  page = 1,
  pageSize = MEMBERS_PAGE_SIZE,
}: { search?: string; confirmed?: ConfirmedFilter; launch?: LaunchFilter; page?: number; pageSize?: number }) {
  const where = memberFilter(search, confirmed, launch);
  const offset = (Math.max(1, page) - 1) * pageSize;
  const [rows, [matching], overall] = await Promise.all([
    db.select(memberListColumns).from(waitlistUsers).where(where).orderBy(desc(waitlistUsers.createdAt), desc(waitlistUsers.id)).limit(pageSize).offset(offset),
    db.select({ total: count() }).from(waitlistUsers).where(where),
    countMembers(),
  ]);
  return { rows: rows as MemberListRow[], matching: matching?.total ?? 0, total: overall.total };
}

/** Spec §5: tags trimmed, empties and duplicates ignored. */
export function normaliseTags(tags: readonly string[]): string[] {
  const result: string[] = [];
  const added = new Set<string>();
  for (const tag of tags) {
    const trimmed = tag.trim().slice(0, 50);
    const key = trimmed.toLowerCase();
    if (!trimmed || added.has(key)) continue;
    added.add(key);
    result.push(trimmed);
  }
  return result.slice(0, 30);
}

type MemberChange =
  | { kind: "tags"; tags: string[] }
  | { kind: "notes"; notes: string }
  | { kind: "blocked"; isBlocked: boolean };

/** Applies one change (back office: the admin's id; API: the key) to a member and records it in the audit log, together. */
export async function changeMember(memberId: string, change: MemberChange, actor: string | { apiKeyId: string; apiKey: Actor }): Promise<MemberListRow> {
  if (!isUuid(memberId)) throw new AppError("NOT_FOUND", "This member no longer exists.");
  return db.transaction(async (tx) => {
    const [before] = await tx.select(memberListColumns).from(waitlistUsers).where(eq(waitlistUsers.id, memberId)).for("update");
    if (!before) throw new AppError("NOT_FOUND", "This member no longer exists.");
    const values =
      change.kind === "tags"
        ? { tags: normaliseTags(change.tags) }
        : change.kind === "notes"
          ? { notes: change.notes.trim().slice(0, 5000) }
          : { isBlocked: change.isBlocked };
    const [after] = await tx
      .update(waitlistUsers)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(waitlistUsers.id, memberId))
      .returning(memberListColumns);
    if (!after) throw new AppError("NOT_FOUND", "This member no longer exists.");
    if (change.kind === "blocked" && after.isBlocked && !before.isBlocked) {
      await enqueueWebhookEvent(tx, "member.blocked", { memberId, email: after.email, by: typeof actor === "string" ? "admin" : "api_key" });
    }
    const action = change.kind === "tags" ? "member.tags_changed" : change.kind === "notes" ? "member.notes_changed" : after.isBlocked ? "member.blocked" : "member.unblocked";
    const entry = { action, targetType: "member", targetId: memberId, before: pick(before, Object.keys(values)), after: pick(after, Object.keys(values)) };
    if (typeof actor === "string") await recordAdminAuditEvent(tx, actor, entry);
    else await recordAuditEvent(tx, actor.apiKey, entry);
    await recordAudit(tx, {
      memberId,
      ...(typeof actor === "string" ? { adminId: actor } : { adminId: null, apiKeyId: actor.apiKeyId }),
      action: change.kind === "tags" ? "tags_changed" : change.kind === "notes" ? "notes_changed" : after.isBlocked ? "blocked" : "unblocked",
      before: pick(before, Object.keys(values)),
      after: pick(after, Object.keys(values)),
    });
    return after as MemberListRow;
  });
}

function pick(row: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, row[key]]));
}

export async function recordAudit(
  executor: Executor,
  entry: { memberId: string; adminId: string | null; apiKeyId?: string; action: (typeof memberAuditLog.$inferInsert)["action"]; before: unknown; after: unknown },
) {
  await executor.insert(memberAuditLog).values({
    memberId: entry.memberId,
    adminUserId: entry.adminId,
    apiKeyId: entry.apiKeyId ?? null,
    action: entry.action,
    before: entry.before,
    after: entry.after,
  });
}
