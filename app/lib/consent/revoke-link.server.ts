import type { I18n } from "@lingui/core";
import type { EmailFooter } from "../email/layout";
import { withdrawConsentFooter } from "./consent-emails";
import { getEnv } from "../../kernel/env.server";
import { openToken, sealToken } from "../security/signed-token.server";

const PURPOSE = "consent-revoke";

/** The link in every e-mail to a parent that withdraws their consent (it works while the membership exists). */
export function revokeConsentUrl(memberId: string): string {
  return `${getEnv().origin}/parent-consent/revoke?${new URLSearchParams({ token: sealToken(PURPOSE, memberId) })}`;
}

export function memberIdOfRevokeToken(token: unknown): string | null {
  return openToken(PURPOSE, token);
}

/** The footer of every e-mail to a consenting parent, in the e-mail's language. */
export function parentFooter(memberId: string, i18n: I18n): EmailFooter {
  return withdrawConsentFooter(i18n, revokeConsentUrl(memberId));
}
