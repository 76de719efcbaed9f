import type { I18n } from "@lingui/core";
import { escapeHtml, htmlToText, renderEmail, type EmailFooter } from "./layout";

type WelcomeInput = {
  i18n: I18n;
  siteName: string;
  /** The welcome_email_template_html setting (already sanitised). */
  templateHtml: string;
  email: string;
  referralLink: string;
  confirmUrl: string;
};

/** Replaces the template's {{REFERRAL_LINK}} and {{USER_EMAIL}} placeholders with escaped values. */
export function fillWelcomeTemplate(templateHtml: string, values: { email: string; referralLink: string }): string {
  const link = escapeHtml(values.referralLink);
  return templateHtml
    .replaceAll("{{REFERRAL_LINK}}", `<a href="${link}">${link}</a>`)
    .replaceAll("{{USER_EMAIL}}", escapeHtml(values.email));
}

export function renderWelcomeEmail({ i18n, siteName, templateHtml, email, referralLink, confirmUrl, footer }: WelcomeInput & { footer?: EmailFooter }) {
  const bodyHtml = fillWelcomeTemplate(templateHtml, { email, referralLink });
  const rendered = renderEmail({
    i18n,
    siteName,
    bodyHtml,
    bodyText: htmlToText(bodyHtml),
    action: { label: i18n._("Confirm my e-mail"), url: confirmUrl },
    footer,
  });
  return { subject: i18n._("Welcome to {siteName}!", { siteName }), ...rendered };
}
