import { sql } from "drizzle-orm";
import { recordAuditEvent } from "../audit/audit.server";
import { db } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { enqueueWebhookEvent } from "../webhooks/enqueue.server";
import { invitePath, readInviteCode } from "./invite-code.server";
import { GONE_MESSAGE, INVALID_CODE_MESSAGE, NOT_YOURS_MESSAGE } from "./invite-messages";
import type { LaunchStatus } from "./launch-status";

// A member's place in the launch (ADR 0049): waiting (no invite), invited (a wave's invite
// row), admitted (the member redeemed their own invite code, signed in as their address).
// A rehearsal wave's invite is none of these to the member (issue 37): their dashboard and
// the invite page never show it, and its code redeems nothing. It goes with the rehearsal.

export { LAUNCH_STATUSES, type LaunchStatus } from "./launch-status";

export type MemberLaunch = {
  status: LaunchStatus;
  waveId: number | null;
  invitedAt: Date | null;
  admittedAt: Date | null;
};

export const WAITING: MemberLaunch = { status: "waiting", waveId: null, invitedAt: null, admittedAt: null };

type InviteRow = { wave_id: string | number; invited_at: string | Date; admitted_at: string | Date | null };

function launchOf(row: InviteRow | undefined): MemberLaunch {
  if (!row) return WAITING;
  return {
    status: row.admitted_at ? "admitted" : "invited",
    waveId: Number(row.wave_id),
    invitedAt: new Date(row.invited_at),
    admittedAt: row.admitted_at ? new Date(row.admitted_at) : null,
  };
}

/** The member's real place in the launch: a rehearsal wave's invite does not count. */
export async function getMemberLaunch(memberId: string): Promise<MemberLaunch> {
  const result = await db.execute<InviteRow>(sql`
    select i.wave_id, i.invited_at, i.admitted_at from member_invites i join waves w on w.id = i.wave_id
     where i.member_id = ${memberId} and not w.rehearsal`);
  return launchOf(result.rows[0]);
}

/** The dashboard's view: the status, and while invited, the member's own link to redeem. */
export async function getDashboardLaunch(memberId: string): Promise<MemberLaunch & { invitePath: string | null }> {
  const launch = await getMemberLaunch(memberId);
  return { ...launch, invitePath: launch.status === "invited" && launch.waveId ? invitePath({ memberId, waveId: launch.waveId }) : null };
}

export { GONE_MESSAGE, INVALID_CODE_MESSAGE, NOT_YOURS_MESSAGE };

/** What the invite page shows for a code and whoever is signed in (null: nobody, or not a member). */
export type InvitePage =
  | { state: "invalid" }
  | { state: "sign_in" }
  | { state: "not_yours" }
  | { state: "gone" }
  | { state: "ready"; waveId: number }
  | { state: "admitted"; admittedAt: Date };

export async function getInvitePage(code: unknown, signedInMemberId: string | null | undefined): Promise<InvitePage> {
  const invite = readInviteCode(code);
  if (!invite) return { state: "invalid" };
  if (!signedInMemberId) return { state: "sign_in" };
  if (signedInMemberId !== invite.memberId) return { state: "not_yours" };
  const launch = await getMemberLaunch(invite.memberId);
  if (launch.waveId !== invite.waveId) return { state: "gone" };
  return launch.admittedAt ? { state: "admitted", admittedAt: launch.admittedAt } : { state: "ready", waveId: invite.waveId };
}

/**
 * Redeems an invite code for the signed-in member: only the member it names, only once
 * (one UPDATE … WHERE admitted_at IS NULL), never a blocked member. Admission fires
 * `member.admitted` and is audited as the member's own action, together.
 */
export async function redeemInvite(code: unknown, signedInMemberId: string): Promise<{ outcome: "admitted" | "already_admitted" }> {
  const invite = readInviteCode(code);
  if (!invite) throw new AppError("INVALID_INPUT", INVALID_CODE_MESSAGE);
  if (invite.memberId !== signedInMemberId) throw new AppError("FORBIDDEN", NOT_YOURS_MESSAGE);
  const admitted = await db.transaction(async (tx) => {
    const updated = await tx.execute<{ email: string }>(sql`
      update member_invites i set admitted_at = now()
        from waitlist_users u
       where i.member_id = ${invite.memberId} and i.wave_id = ${invite.waveId} and i.admitted_at is null
         and u.id = i.member_id and not u.is_blocked
         and not exists (select 1 from waves w where w.id = i.wave_id and w.rehearsal)
      returning u.email`);
    const row = updated.rows[0];
    if (!row) return false;
    await enqueueWebhookEvent(tx, "member.admitted", { memberId: invite.memberId, email: row.email, waveId: invite.waveId });
    await recordAuditEvent(tx, { kind: "system", name: "the member (invite code)" }, { action: "member.admitted", targetType: "member", targetId: invite.memberId, after: { waveId: invite.waveId } });
    return true;
  });
  if (admitted) return { outcome: "admitted" };
  const launch = await getMemberLaunch(invite.memberId);
  if (launch.waveId === invite.waveId && launch.admittedAt) return { outcome: "already_admitted" };
  throw new AppError("NOT_FOUND", GONE_MESSAGE);
}
