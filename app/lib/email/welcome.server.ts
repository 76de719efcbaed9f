import { getEnv } from "../env.server";
import { i18nFor } from "../i18n/catalogs.server";
import type { Language } from "../i18n/languages";
import { referralLink } from "../referrals/share-links";
import { getContentIn } from "../content/content.server";
import { emailConfirmationUrl } from "../waitlist/email-confirmation.server";
import type { OutgoingEmail } from "./outbox.server";
import { renderWelcomeEmail } from "./welcome-email";
import { parentFooter } from "../consent/revoke-link.server";

type NewMember = { id: string; email: string; referralCode: string; language: Language; isParentConsented?: boolean };

/**
 * Renders the welcome e-mail from the current template: the sender does, as it sends one a
 * sign-up queued (ADR 0038); a CSV import renders it before its transaction.
 */
export async function prepareWelcomeEmail(member: NewMember, templateHtml?: string): Promise<OutgoingEmail> {
  const { SITE_NAME, origin } = getEnv();
  const i18n = i18nFor(member.language);
  const email = renderWelcomeEmail({
    i18n,
    siteName: SITE_NAME,
    // The template in the member's language, English where it has no translation (ADR 0054).
    templateHtml: templateHtml ?? (await getContentIn(member.language, ["welcomeEmailTemplateHtml"])).welcomeEmailTemplateHtml,
    email: member.email,
    referralLink: referralLink(origin, member.referralCode),
    confirmUrl: emailConfirmationUrl(member.id),
    footer: member.isParentConsented ? parentFooter(member.id, i18n) : undefined,
  });
  return { kind: "welcome", to: member.email, subject: email.subject, html: email.html, text: email.text };
}
