import { getEnv } from "../../../kernel/env.server";
import { escapeHtml } from "../../../kernel/http/escape-html";
import { i18nFor } from "../../i18n/catalogs.server";
import type { Language } from "../../../kernel/i18n/languages";

/**
 * The page a form post without JavaScript gets when the answer is "wait" (429, 503): the
 * message and the way back to the form, in the visitor's language — a small document
 * written here rather than the whole join page rendered again, so a flood of refused
 * posts costs little (issue 37). The message is in the page's language already, or plain
 * English the catalog translates.
 */
export function joinWaitPage({ language, message }: { language: Language; message: string }): string {
  const i18n = i18nFor(language);
  const siteName = getEnv().SITE_NAME;
  const title = i18n._("Join the Waitlist");
  const text = escapeHtml(i18n._(message));
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${title} | ${siteName}`)}</title>
<meta name="description" content="${text}">
<style>body{font:1.125rem/1.5 system-ui,sans-serif;margin:0;color:#0f172a;background:#fff}main{max-width:36rem;margin:0 auto;padding:3rem 1rem}a{color:#1e3a8a;font-weight:700}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p role="alert">${text}</p>
<p><a href="/join-waitlist">${escapeHtml(i18n._("Back to the form"))}</a></p>
</main>
</body>
</html>
`;
}
