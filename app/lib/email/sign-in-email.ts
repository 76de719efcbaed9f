import type { I18n } from "@lingui/core";
import { escapeHtml, renderEmail, type EmailFooter } from "./layout";

type SignInEmailInput = { i18n: I18n; siteName: string; url: string; referralLink: string | null; footer?: EmailFooter };

/**
 * The sign-in e-mail. A waitlist member also finds their referral link in it: it is how a
 * member who joins again on someone else's device gets their link without the page
 * showing it to whoever typed the address.
 */
export function renderSignInEmail({ i18n, siteName, url, referralLink, footer }: SignInEmailInput) {
  const hello = i18n._("Hi there!");
  const tap = i18n._("Tap the button below to sign in to {siteName}. The link works once and expires in 15 minutes.", { siteName });
  const use = i18n._("Use the link below to sign in to {siteName}. It works once and expires in 15 minutes.", { siteName });
  const yours = i18n._("Your referral link, to share with friends and family:");
  const ignore = i18n._("If you didn't ask for it, you can ignore this e-mail.");
  const linkHtml = referralLink ? `<p>${escapeHtml(yours)} <a href="${escapeHtml(referralLink)}">${escapeHtml(referralLink)}</a></p>` : "";
  const linkText = referralLink ? `\n${yours} ${referralLink}\n` : "";
  return {
    subject: i18n._("Your sign-in link for {siteName}", { siteName }),
    ...renderEmail({
      i18n,
      siteName,
      bodyHtml: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(tap)}</p>${linkHtml}<p>${escapeHtml(ignore)}</p>`,
      bodyText: `${hello}\n\n${use}\n${linkText}${ignore}`,
      action: { label: i18n._("Sign in to {siteName}", { siteName }), url },
      footer,
    }),
  };
}
