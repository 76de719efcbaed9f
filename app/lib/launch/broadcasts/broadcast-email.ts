import type { I18n } from "@lingui/core";
import { htmlToText, renderEmail, type EmailFooter } from "~/lib/email/layout";
import { fillBroadcastBody, fillBroadcastSubject, type BroadcastValues, type ShownNumbers } from "./placeholders";

type BroadcastEmailInput = { i18n: I18n; siteName: string; subject: string; templateHtml: string; values: BroadcastValues; footer?: EmailFooter };

/** The member's place and points as their language writes them. */
export function shownNumbers(values: Pick<BroadcastValues, "placeInLine" | "points">, i18n: I18n): ShownNumbers {
  return {
    placeInLine: values.placeInLine === null ? i18n._("not on the leaderboard") : `#${i18n.number(values.placeInLine)}`,
    points: i18n.number(values.points),
  };
}

/** The frame around a broadcast's body, with the values (and their shown numbers) given as they are. */
export function renderBroadcastFrame({ i18n, siteName, subject, templateHtml, values, shown, footer }: BroadcastEmailInput & { shown: ShownNumbers }) {
  const bodyHtml = fillBroadcastBody(templateHtml, values, shown);
  const action = values.inviteLink && templateHtml.includes("{{INVITE_LINK}}") ? { label: i18n._("Use my invite"), url: values.inviteLink } : undefined;
  return { subject: fillBroadcastSubject(subject, values, shown), ...renderEmail({ i18n, siteName, bodyHtml, bodyText: htmlToText(bodyHtml), action, footer }) };
}

/** One member's copy of a broadcast, in the site's e-mail frame and the member's language (the unsubscribe line is the sender's). */
export function renderBroadcastEmail(input: BroadcastEmailInput) {
  return renderBroadcastFrame({ ...input, shown: shownNumbers(input.values, input.i18n) });
}
