import type { EmailFooter } from "../email/layout";
import { getEnv } from "../env.server";
import { openToken, sealToken } from "../security/signed-token.server";

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
