import type { I18n } from "@lingui/core";
import { escapeHtml } from "../../kernel/http/escape-html";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../kernel/i18n/languages";

type EmailContent = {
  /** The reader's translator (i18nFor(language)): the frame's words and `<html lang>` follow it. */
  i18n: I18n;
  siteName: string;
  /** Trusted or already-sanitised HTML for the message body. */
  bodyHtml: string;
  /** The same body as plain text. */
  bodyText: string;
  action?: { label: string; url: string };
  /** A line under the message, such as a parent's link to withdraw consent. */
  footer?: EmailFooter;
};

export type EmailFooter = { text: string; link: { label: string; url: string } };

/** Where the sender puts the unsubscribe line of an optional e-mail (addUnsubscribeLink); empty otherwise. */
const UNSUBSCRIBE_SLOT = "<!--unsubscribe-->";

/** The language a framed message was written in (its `<html lang>`), so the line added as it goes out matches it. */
export function emailLanguage(html: string): Language {
  const lang = /^<!doctype html><html lang="([a-z]{2})"/.exec(html)?.[1];
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/**
 * The visible unsubscribe line, added as the message goes out (ADR 0044): into the frame's
 * slot under the footer (a parent's withdraw-consent line stays above it), or before
 * `</body>` of a message rendered before the slot existed. Adding it twice changes nothing.
 */
export function addUnsubscribeLink(message: { html: string; text: string }, url: string, i18n: I18n): { html: string; text: string } {
  if (message.text.includes(url)) return message;
  const because = i18n._("You get this e-mail because you joined the crew. Don't want these e-mails?");
  const label = i18n._("Unsubscribe");
  const line = `<p style="font-size:13px;color:#57534e;margin-top:24px">${escapeHtml(because)} <a href="${escapeHtml(url)}" style="color:#1E3A8A">${escapeHtml(label)}</a></p>`;
  const html = message.html.includes(UNSUBSCRIBE_SLOT)
    ? message.html.replace(UNSUBSCRIBE_SLOT, line)
    : message.html.includes("</body>")
      ? message.html.replace("</body>", `${line}</body>`)
      : `${message.html}${line}`;
  return { html, text: `${message.text}\n\n${because} ${label}: ${url}` };
}

/** Wraps a message body in the site's e-mail frame; returns the HTML and text parts. */
export function renderEmail({ i18n, siteName, bodyHtml, bodyText, action, footer }: EmailContent): { html: string; text: string } {
  const button = action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#1E3A8A;color:#ffffff;padding:12px 22px;border-radius:10px;text-decoration:none;font-weight:700;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#57534e">${escapeHtml(i18n._("If the button does not work, copy this link into your browser:"))}<br><a href="${escapeHtml(action.url)}" style="color:#1E3A8A;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : "";
  const html = `<!doctype html><html lang="${i18n.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(siteName)}</title></head><body style="margin:0;background:#fffdf7;font-family:'Segoe UI',Arial,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-size:22px;font-weight:800;color:#1E3A8A;margin:0 0 16px">${escapeHtml(siteName)}</p>
<div style="font-size:16px;line-height:1.6">${bodyHtml}</div>
${button}
${footer ? `<p style="font-size:13px;color:#57534e;margin-top:32px">${escapeHtml(footer.text)} <a href="${escapeHtml(footer.link.url)}" style="color:#1E3A8A">${escapeHtml(footer.link.label)}</a></p>` : ""}
${UNSUBSCRIBE_SLOT}
<p style="font-size:12px;color:#78716c;margin-top:32px">${escapeHtml(i18n._("A New Vista Studios Production"))}</p>
</div></body></html>`;
  const text = [bodyText, action ? `${action.label}: ${action.url}` : "", footer ? `${footer.text} ${footer.link.label}: ${footer.link.url}` : "", `— ${siteName}`].filter(Boolean).join("\n\n");
  return { html, text };
}

/** The plain-text part of a sanitised HTML body: links become their URLs, blocks become paragraphs. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>[\s\S]*?<\/a>/g, "$1")
    .replace(/<br\s*\/?>/g, "\n")
    .replace(/<\/(p|li|h\d)>/g, "\n\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export { escapeHtml };

