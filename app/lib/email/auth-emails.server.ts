import { parentFooter } from "../consent/revoke-link.server";
import { isParentConsentedMember } from "../consent/revoke-consent.server";
import { getEnv } from "../../kernel/env.server";
import { i18nFor } from "../i18n/catalogs.server";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../kernel/i18n/languages";
import { referralLink } from "../referrals/share-links";
import { emailIdentity } from "../waitlist/email-identity";
import { memberLanguage } from "../waitlist/member-language.server";
import { getMemberByIdentity } from "../waitlist/members.server";
import { enqueueEmail } from "./outbox.server";
import { renderSignInEmail } from "./sign-in-email";

/**
 * Queues the sign-in e-mail, in the member's language, or the language of the page that
 * asked for it when the address is no member's. A parent who consented for a child finds
 * the link to withdraw that consent under it, as in every e-mail to them.
 */
export async function sendMagicLinkEmail({ email, url, pageLanguage }: { email: string; url: string; pageLanguage?: unknown }): Promise<void> {
  const { SITE_NAME, origin } = getEnv();
  const member = await getMemberByIdentity(emailIdentity(email));
  const language: Language = member ? await memberLanguage(member.id) : isLanguage(pageLanguage) ? pageLanguage : DEFAULT_LANGUAGE;
  const i18n = i18nFor(language);
  const footer = member && (await isParentConsentedMember(member.id)) ? parentFooter(member.id, i18n) : undefined;
  const { subject, html, text } = renderSignInEmail({
    i18n,
    siteName: SITE_NAME,
    url,
    referralLink: member ? referralLink(origin, member.referralCode) : null,
    footer,
  });
  await enqueueEmail({ kind: "magic_link", to: email, subject, html, text });
}
