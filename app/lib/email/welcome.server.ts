import type { Executor } from "../db.server";
import { getEnv } from "../env.server";
import { referralLink } from "../referrals/share-links";
import { getSiteSetting } from "../settings/settings.server";
import { emailConfirmationUrl } from "../waitlist/email-confirmation.server";
import { enqueueEmail } from "./outbox.server";
import { renderWelcomeEmail } from "./welcome";

type NewMember = { id: string; email: string; referralCode: string };

/** Queues the welcome e-mail; pass the signup's transaction so both commit together. */
export async function queueWelcomeEmail(member: NewMember, executor?: Executor): Promise<void> {
  const { SITE_NAME, origin } = getEnv();
  const email = renderWelcomeEmail({
    siteName: SITE_NAME,
    templateHtml: await getSiteSetting("welcomeEmailTemplateHtml"),
    email: member.email,
    referralLink: referralLink(origin, member.referralCode),
    confirmUrl: emailConfirmationUrl(member.id),
  });
  await enqueueEmail({ kind: "welcome", to: member.email, subject: email.subject, html: email.html, text: email.text }, executor);
}
