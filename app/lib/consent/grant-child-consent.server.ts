import { eq } from "drizzle-orm";
import { waitlistUsers } from "../../../db/schema";
import { recordAuditEvent } from "../audit/audit.server";
import type { Transaction } from "../../kernel/db.server";
import { callJoinBatch } from "../waitlist/join/join-record.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import type { JoinSettings, NewMember } from "../waitlist/join/join-rules.server";

type ChildGrant = {
  /** The child as a new member: the parent's address, and where they came from. */
  child: Omit<NewMember, "consent">;
  noticeVersion: number;
  country: string | null;
  consentAge: number | null;
  showOnLeaderboard: boolean;
  /** Where the yes came from, for the audit ("signed-in parent"); the e-mailed notice says nothing. */
  from?: string;
  /** Read before the transaction: PGlite's one connection cannot read settings while it is open. */
  joinSettings: JoinSettings;
};

/**
 * A parent's yes for one child, in the caller's transaction (ADR 0041, 0065, 0067): the child
 * joins as a crew member of their own under e-mail-plus consent, with the parent's leaderboard
 * choice (partners off until asked separately), and the grant is audited.
 */
export async function grantChildConsent(tx: Transaction, { child, noticeVersion, country, consentAge, showOnLeaderboard, from, joinSettings }: ChildGrant) {
  const joined = await joinWaitlist(
    { ...child, consent: { ageBand: "under_consent_age", method: "parent_email_plus", noticeVersion, country, consentAge } },
    (requests) => callJoinBatch(tx, requests),
    joinSettings,
  );
  await tx.update(waitlistUsers).set({ leaderboardChoice: showOnLeaderboard }).where(eq(waitlistUsers.id, joined.member.id));
  await recordAuditEvent(tx, { kind: "system", name: "parent's consent" }, {
    action: "consent.granted",
    targetType: "member",
    targetId: joined.member.id,
    after: { method: "parent_email_plus", privacyNoticeVersion: noticeVersion, showOnLeaderboard, shareWithPartners: false, ...(from && { from }) },
  });
  return joined.member;
}
