import type { I18n } from "@lingui/core";
import { escapeHtml, renderEmail, type EmailFooter } from "../email/layout";

type ErasureEmailInput = { i18n: I18n; siteName: string; url: string; hours: number; isForChild: boolean; footer?: EmailFooter };

/** The link confirming a member's own request to delete their data (ADR 0045): to a parent, it speaks of their child's membership. */
export function renderErasureConfirmation({ i18n, siteName, url, hours, isForChild, footer }: ErasureEmailInput) {
  const body = isForChild
    ? i18n._(
        "Someone signed in as this address asked us to delete your child's {siteName} membership and everything we hold about it: points, referrals, place on the leaderboard, e-mails and records. This cannot be undone. The link works for {hours} hours. If you did not ask, ignore this e-mail and nothing changes.",
        { siteName, hours },
      )
    : i18n._(
        "Someone signed in as this address asked us to delete your {siteName} membership and everything we hold about it: points, referrals, place on the leaderboard, e-mails and records. This cannot be undone. The link works for {hours} hours. If you did not ask, ignore this e-mail and nothing changes.",
        { siteName, hours },
      );
  return {
    subject: i18n._("Confirm: delete your {siteName} data", { siteName }),
    ...renderEmail({ i18n, siteName, bodyHtml: `<p>${escapeHtml(body)}</p>`, bodyText: body, action: { label: i18n._("Delete my data"), url }, footer }),
  };
}
