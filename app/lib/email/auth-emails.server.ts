import { parentFooter } from "../consent/revoke-link.server";
import { isParentConsentedMember } from "../consent/revoke-consent.server";
import { getEnv } from "../env.server";
import { referralLink } from "../referrals/share-links";
import { emailIdentity } from "../waitlist/email-identity";
import { getMemberByIdentity } from "../waitlist/members.server";
import { escapeHtml, renderEmail } from "./layout";
import { enqueueEmail } from "./outbox.server";

/**
 * The sign-in e-mail. A waitlist member also finds their referral link in it: it is how a
 * member who joins again on someone else's device gets their link without the page
 * showing it to whoever typed the address. A parent who consented for a child finds the
 * link to withdraw that consent under it, as in every e-mail to them.
 */
export async function sendMagicLinkEmail({ email, url }: { email: string; url: string }): Promise<void> {
  const { SITE_NAME, origin } = getEnv();
  const member = await getMemberByIdentity(emailIdentity(email));
  const link = member ? referralLink(origin, member.referralCode) : null;
  const footer = member && (await isParentConsentedMember(member.id)) ? parentFooter(member.id) : undefined;
  const linkHtml = link ? `<p>Your referral link, to share with friends and family: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : "";
  const linkText = link ? `\nYour referral link, to share with friends and family: ${link}\n` : "";
  const { html, text } = renderEmail({
    siteName: SITE_NAME,
    bodyHtml: `<p>Hi there!</p><p>Tap the button below to sign in to ${SITE_NAME}. The link works once and expires in 15 minutes.</p>${linkHtml}<p>If you didn't ask for it, you can ignore this e-mail.</p>`,
    bodyText: `Hi there!\n\nUse the link below to sign in to ${SITE_NAME}. It works once and expires in 15 minutes.\n${linkText}If you didn't ask for it, you can ignore this e-mail.`,
    action: { label: `Sign in to ${SITE_NAME}`, url },
    footer,
  });
  await enqueueEmail({ kind: "magic_link", to: email, subject: `Your sign-in link for ${SITE_NAME}`, html, text });
}
