import { and, count, eq, sql } from "drizzle-orm";
import { waitlistUsers } from "../../../db/schema";
import { db, runTransaction, type Executor } from "../../kernel/db.server";
import { referralsCredited } from "../metrics.server";
import { creditPendingReferral } from "../referrals/referral-credit.server";
import { isUuid } from "../../kernel/uuid";
import { enqueueWebhookEvent } from "../webhooks/enqueue.server";
import { normaliseEmail } from "./email";
import type { LaunchStatus } from "../launch/launch-status";
import type { Language } from "../../kernel/i18n/languages";
import { memberLaunchStatusSql } from "../launch/launch-status.server";

export const memberColumns = {
  id: waitlistUsers.id,
  email: waitlistUsers.email,
  referralCode: waitlistUsers.referralCode,
  points: waitlistUsers.points,
  referralsMade: waitlistUsers.referralsMade,
  confirmedEmail: waitlistUsers.confirmedEmail,
  hasViewedTrailer: waitlistUsers.hasViewedTrailer,
  isBlocked: waitlistUsers.isBlocked,
  joinDate: waitlistUsers.joinDate,
};

export type Member = {
  id: string;
  email: string;
  referralCode: string;
  points: number;
  referralsMade: number;
  confirmedEmail: boolean;
  hasViewedTrailer: boolean;
  isBlocked: boolean;
  joinDate: Date;
};

export async function getMemberById(id: string, executor: Executor = db): Promise<Member | null> {
  if (!isUuid(id)) return null;
  const [member] = await executor.select(memberColumns).from(waitlistUsers).where(eq(waitlistUsers.id, id));
  return member ?? null;
}

/** A family's own membership first, then its children in the order they joined. */
const ownFirst = [sql`${waitlistUsers.consentMethod} is not distinct from 'parent_email_plus'`, waitlistUsers.joinDate, waitlistUsers.id] as const;

/**
 * The membership an address's sign-in opens (ADR 0067): the grown-up's own, or, when the
 * address holds only children a parent approved, the first of them. A family's other
 * children are `listFamily`'s (app/lib/family/).
 */
export async function getMemberByEmail(email: string, executor: Executor = db): Promise<Member | null> {
  const [member] = await executor
    .select(memberColumns)
    .from(waitlistUsers)
    .where(eq(waitlistUsers.email, normaliseEmail(email)))
    .orderBy(...ownFirst)
    .limit(1);
  return member ?? null;
}

/** The membership an address's sign-in opens, whichever of its spellings they joined with. */
export async function getMemberByIdentity(identity: string, executor: Executor = db): Promise<Member | null> {
  const [member] = await executor.select(memberColumns).from(waitlistUsers).where(eq(waitlistUsers.emailIdentity, identity)).orderBy(...ownFirst).limit(1);
  return member ?? null;
}

/** Double opt-in: the welcome e-mail's link proves the address works. */
export async function confirmMemberEmail(id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return runTransaction(async (tx) => {
    const updated = await tx
      .update(waitlistUsers)
      .set({ confirmedEmail: true, confirmedAt: sql`coalesce(${waitlistUsers.confirmedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(waitlistUsers.id, id))
      .returning({ id: waitlistUsers.id, email: waitlistUsers.email, wasConfirmed: sql<boolean>`(select confirmed_email from waitlist_users before where before.id = ${id})` });
    if (updated.length === 0) return false;
    if (!updated[0]!.wasConfirmed) await enqueueWebhookEvent(tx, "member.confirmed", { memberId: id, email: updated[0]!.email });
    if (await creditPendingReferral(tx, id)) referralsCredited.inc();
    return true;
  });
}

export type MemberCounts = { total: number; confirmed: number };

/** The one member count: every member (blocked too) and those with a confirmed address. */
export async function countMembers(executor: Executor = db): Promise<MemberCounts> {
  const [row] = await executor
    .select({ total: count(), confirmed: sql<number>`count(*) filter (where ${waitlistUsers.confirmedEmail})::integer` })
    .from(waitlistUsers);
  return { total: row?.total ?? 0, confirmed: row?.confirmed ?? 0 };
}

/**
 * A member as integrations may see them (the API's member: with the back office's tags and
 * notes and their launch status), or null — also for a child whose parent has not said yes
 * to "Share with the studio's partners" (ADR 0065): to an integration no such child exists.
 */
export async function getMemberForPartners(id: string): Promise<(Member & { tags: string[]; notes: string; crewNameRoll: number; launchStatus: LaunchStatus; language: Language }) | null> {
  if (!isUuid(id)) return null;
  const [member] = await db
    .select({ ...memberColumns, tags: waitlistUsers.tags, notes: waitlistUsers.notes, crewNameRoll: waitlistUsers.crewNameRoll, launchStatus: memberLaunchStatusSql, language: waitlistUsers.language })
    .from(waitlistUsers)
    .where(and(eq(waitlistUsers.id, id), eq(waitlistUsers.reachesPartners, true)));
  return member ?? null;
}

/** Members who joined through someone's link. */
export async function countReferredMembers(): Promise<number> {
  const [row] = await db.select({ total: count() }).from(waitlistUsers).where(sql`${waitlistUsers.referredByUserId} is not null`);
  return row?.total ?? 0;
}
