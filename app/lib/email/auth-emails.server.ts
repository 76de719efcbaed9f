import { getEnv } from "../env.server";
import { renderEmail } from "./layout";
import { enqueueEmail } from "./outbox.server";

export async function sendMagicLinkEmail({ email, url }: { email: string; url: string }): Promise<void> {
  const { SITE_NAME } = getEnv();
  const { html, text } = renderEmail({
    siteName: SITE_NAME,
    bodyHtml: `<p>Hi there!</p><p>Tap the button below to sign in to ${SITE_NAME}. The link works once and expires in 15 minutes.</p><p>If you didn't ask for it, you can ignore this e-mail.</p>`,
    bodyText: `Hi there!\n\nUse the link below to sign in to ${SITE_NAME}. It works once and expires in 15 minutes.\nIf you didn't ask for it, you can ignore this e-mail.`,
    action: { label: `Sign in to ${SITE_NAME}`, url },
  });
  await enqueueEmail({ kind: "magic_link", to: email, subject: `Your sign-in link for ${SITE_NAME}`, html, text });
}
