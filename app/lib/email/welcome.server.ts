import { getEnv } from "../../kernel/env.server";
import { i18nFor } from "../i18n/catalogs.server";
import type { Language } from "../../kernel/i18n/languages";
import { referralLink } from "../referrals/share-links";
import { resolveContentIn, type ContentIn } from "../content/content.server";
import { emailConfirmationUrl } from "../waitlist/email-confirmation.server";
import type { OutgoingEmail } from "./outbox.server";
import { renderWelcomeEmail } from "./welcome-email";
import { parentFooter } from "../consent/revoke-link.server";

type NewMember = { id: string; email: string; referralCode: string; language: Language; isParentConsented?: boolean };

/** The welcome template in one language, as the sender renders from it now. */
export type WelcomeTemplate = ContentIn<"welcomeEmailTemplateHtml">;

/** Reads the template in `language` (ADR 0054, 0057): once per language for a batch of welcome e-mails (ADR 0069). */
export function loadWelcomeTemplate(language: Language): Promise<WelcomeTemplate> {
  return resolveContentIn(language, ["welcomeEmailTemplateHtml"]);
}

/**
 * Renders the welcome e-mail from the current template: the sender does, as it sends one a
 * sign-up or an import queued (ADR 0038).
 */
export async function prepareWelcomeEmail(member: NewMember): Promise<OutgoingEmail> {
  return renderWelcomeFrom(await loadWelcomeTemplate(member.language), member);
}

/** The welcome e-mail from a template already read (loadWelcomeTemplate in the member's language). */
export function renderWelcomeFrom({ values, languages }: WelcomeTemplate, member: NewMember): OutgoingEmail {
  const { SITE_NAME, origin } = getEnv();
  // When the template comes out in English (an admin's English with no translation), the
  // whole e-mail is English: frame, button, subject.
  const i18n = i18nFor(languages.welcomeEmailTemplateHtml);
  const email = renderWelcomeEmail({
    i18n,
    siteName: SITE_NAME,
    templateHtml: values.welcomeEmailTemplateHtml,
    email: member.email,
    referralLink: referralLink(origin, member.referralCode),
    confirmUrl: emailConfirmationUrl(member.id),
    footer: member.isParentConsented ? parentFooter(member.id, i18n) : undefined,
  });
  return { kind: "welcome", to: member.email, subject: email.subject, html: email.html, text: email.text };
}
