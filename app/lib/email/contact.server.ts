import { AppError } from "../../kernel/errors";
import { getEnv } from "../../kernel/env.server";
import { networkKeyOf } from "../security/client-network.server";
import { consumeRateLimit } from "../security/rate-limit.server";
import { escapeHtml, renderEmail } from "./layout";
import { enqueueEmail } from "./outbox.server";
import { i18nFor } from "../i18n/catalogs.server";

export const CONTACT_LIMIT = { limit: 5, windowSeconds: 60 * 60 };

type ContactMessage = { name: string; email: string; subject: string; message: string };

/**
 * Queues the visitor's message to the studio's contact address (Reply-To the
 * visitor). Nothing else keeps it; after SMTP delivery the outbox forgets the body.
 */
export async function deliverContactMessage(input: ContactMessage, clientIp: string): Promise<void> {
  const limited = await consumeRateLimit(`contact:network:${networkKeyOf(clientIp)}`, CONTACT_LIMIT);
  if (!limited.allowed) {
    throw new AppError("RATE_LIMITED", /*i18n*/ "You've sent several messages already. Please try again a little later.");
  }
  const { SITE_NAME, CONTACT_EMAIL } = getEnv();
  const paragraphs = input.message.split(/\n{2,}/).map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`);
  // Mail to staff is in English, like the back office (ADR 0053).
  const { html, text } = renderEmail({
    i18n: i18nFor("en"),
    siteName: SITE_NAME,
    bodyHtml: `<p><strong>From:</strong> ${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt;</p><p><strong>Subject:</strong> ${escapeHtml(input.subject)}</p>${paragraphs.join("")}`,
    bodyText: `From: ${input.name} <${input.email}>\nSubject: ${input.subject}\n\n${input.message}`,
  });
  await enqueueEmail({
    kind: "contact",
    to: CONTACT_EMAIL,
    replyTo: input.email,
    subject: `[Contact] ${input.subject.replace(/[\r\n]+/g, " ").slice(0, 150)}`,
    html,
    text,
  });
}
