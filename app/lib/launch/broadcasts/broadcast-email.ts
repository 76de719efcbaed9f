import type { I18n } from "@lingui/core";
import { htmlToText, renderEmail, type EmailFooter } from "~/lib/email/layout";
import { fillBroadcastBody, fillBroadcastSubject, type BroadcastValues, type ShownNumbers } from "./placeholders";

type BroadcastEmailInput = { i18n: I18n; siteName: string; subject: string; templateHtml: string; values: BroadcastValues; footer?: EmailFooter };

function shownNumbers(values: BroadcastValues, i18n: I18n): ShownNumbers {
  return {
    placeInLine: values.placeInLine === null ? i18n._("not on the leaderboard") : `#${i18n.number(values.placeInLine)}`,
    points: i18n.number(values.points),
  };
}

/** One member's copy of a broadcast, in the site's e-mail frame and the member's language (the unsubscribe line is the sender's). */
export function renderBroadcastEmail({ i18n, siteName, subject, templateHtml, values, footer }: BroadcastEmailInput) {
  const shown = shownNumbers(values, i18n);
  const bodyHtml = fillBroadcastBody(templateHtml, values, shown);
  const action = values.inviteLink && templateHtml.includes("{{INVITE_LINK}}") ? { label: i18n._("Use my invite"), url: values.inviteLink } : undefined;
  return { subject: fillBroadcastSubject(subject, values, shown), ...renderEmail({ i18n, siteName, bodyHtml, bodyText: htmlToText(bodyHtml), action, footer }) };
}
