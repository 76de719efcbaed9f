import { and, eq } from "drizzle-orm";
import { waitlistUsers } from "../../../db/schema";
import { recordAuditEvent } from "../audit/audit.server";
import { runTransaction } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";

/** A parent's choices for their child (ADR 0065): each off until the parent says yes. */
export type ChildChoices = { showOnLeaderboard: boolean; shareWithPartners: boolean };

export const NOT_A_CHILD_MESSAGE = /*i18n*/ "These choices are for a child's membership that a parent approved.";

/** The choices of a membership a parent approved, or null for anyone else's. */
export function childChoicesOf(member: { consentMethod: string | null; leaderboardChoice: boolean | null; partnerSharingChoice: boolean }): ChildChoices | null {
  if (member.consentMethod !== "parent_email_plus") return null;
  return { showOnLeaderboard: member.leaderboardChoice === true, shareWithPartners: member.partnerSharingChoice };
}

/**
 * The parent changes "Show <crew name> on the public leaderboard" and "Share with the
 * studio's partners" for their child, from "My family" (family.server.ts checks the child is
 * theirs); audited with before and after. Anyone else's membership: 400, nothing changed.
 */
export async function setChildChoices(memberId: string, choices: ChildChoices): Promise<ChildChoices> {
  return runTransaction(async (tx) => {
    const [before] = await tx
      .select({ consentMethod: waitlistUsers.consentMethod, leaderboardChoice: waitlistUsers.leaderboardChoice, partnerSharingChoice: waitlistUsers.partnerSharingChoice })
      .from(waitlistUsers)
      .where(eq(waitlistUsers.id, memberId))
      .for("update");
    const was = before ? childChoicesOf(before) : null;
    if (!was) throw new AppError("INVALID_INPUT", NOT_A_CHILD_MESSAGE);
    await tx
      .update(waitlistUsers)
      .set({ leaderboardChoice: choices.showOnLeaderboard, partnerSharingChoice: choices.shareWithPartners, updatedAt: new Date() })
      .where(and(eq(waitlistUsers.id, memberId), eq(waitlistUsers.consentMethod, "parent_email_plus")));
    await recordAuditEvent(tx, { kind: "system", name: "parent's choices" }, { action: "consent.choices_changed", targetType: "member", targetId: memberId, before: was, after: choices });
    return choices;
  });
}
