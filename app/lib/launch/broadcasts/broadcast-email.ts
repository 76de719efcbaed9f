import { htmlToText, renderEmail, type EmailFooter } from "~/lib/email/layout";
import { fillBroadcastBody, fillBroadcastSubject, type BroadcastValues } from "./placeholders";

type BroadcastEmailInput = { siteName: string; subject: string; templateHtml: string; values: BroadcastValues; footer?: EmailFooter };

/** One member's copy of a broadcast, in the site's e-mail frame (the unsubscribe line is the sender's). */
export function renderBroadcastEmail({ siteName, subject, templateHtml, values, footer }: BroadcastEmailInput) {
  const bodyHtml = fillBroadcastBody(templateHtml, values);
  const action = values.inviteLink && templateHtml.includes("{{INVITE_LINK}}") ? { label: "Use my invite", url: values.inviteLink } : undefined;
  return { subject: fillBroadcastSubject(subject, values), ...renderEmail({ siteName, bodyHtml, bodyText: htmlToText(bodyHtml), action, footer }) };
}
