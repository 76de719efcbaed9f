import { escapeHtml, renderEmail } from "./layout";

type WelcomeInput = {
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

function htmlToText(html: string): string {
  return html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>[\s\S]*?<\/a>/g, "$1")
    .replace(/<br\s*\/?>/g, "\n")
    .replace(/<\/(p|li|h\d)>/g, "\n\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function renderWelcomeEmail({ siteName, templateHtml, email, referralLink, confirmUrl }: WelcomeInput) {
  const bodyHtml = fillWelcomeTemplate(templateHtml, { email, referralLink });
  const rendered = renderEmail({
    siteName,
    bodyHtml,
    bodyText: htmlToText(bodyHtml),
    action: { label: "Confirm my e-mail", url: confirmUrl },
  });
  return { subject: `Welcome to ${siteName}!`, ...rendered };
}
