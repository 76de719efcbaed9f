import { eq } from "drizzle-orm";
import { waitlistUsers } from "../../../db/schema";
import { db } from "../db.server";
import type { EmailFooter } from "../email/layout";
import { getEnv } from "../env.server";
import { openToken, sealToken } from "./signed-token.server";

const PURPOSE = "consent-revoke";

/** The link in every e-mail to a parent that withdraws their consent (it works while the membership exists). */
export function revokeConsentUrl(memberId: string): string {
  return `${getEnv().origin}/parent-consent/revoke?${new URLSearchParams({ token: sealToken(PURPOSE, memberId) })}`;
}

export function memberIdOfRevokeToken(token: unknown): string | null {
  return openToken(PURPOSE, token);
}

export function parentFooter(memberId: string): EmailFooter {
  return {
    text: "You gave consent for your child to join. You can withdraw it at any time, and we delete their membership:",
    link: { label: "Withdraw consent", url: revokeConsentUrl(memberId) },
  };
}

/** The footer of an e-mail to a member's contact: the withdraw link when a parent consented. */
export async function parentFooterFor(memberId: string): Promise<EmailFooter | undefined> {
  const [row] = await db.select({ method: waitlistUsers.consentMethod }).from(waitlistUsers).where(eq(waitlistUsers.id, memberId));
  return row?.method === "parent_email_plus" ? parentFooter(memberId) : undefined;
}
