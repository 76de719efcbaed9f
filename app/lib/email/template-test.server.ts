import { sanitizeRichHtml } from "../content/sanitize.server";
import { getEnv } from "../../kernel/env.server";
import { i18nFor } from "../i18n/catalogs.server";
import type { Language } from "../../kernel/i18n/languages";
import { referralLink } from "../referrals/share-links";
import { enqueueEmail } from "./outbox.server";
import { renderWelcomeEmail } from "./welcome-email";
import { renderWinnerEmail } from "../seasons/winner-email";

/** "Send test to me": the (unsaved, sanitised) welcome e-mail as a new member would get it, to the admin. */
export async function sendWelcomeTemplateTest({ adminEmail, templateHtml, language = "en" }: { adminEmail: string; templateHtml: string; language?: Language }) {
  const { SITE_NAME, origin } = getEnv();
  const email = renderWelcomeEmail({
    i18n: i18nFor(language),
    siteName: SITE_NAME,
    templateHtml: sanitizeRichHtml(templateHtml),
    email: adminEmail,
    referralLink: referralLink(origin, "yourcode123"),
    confirmUrl: `${origin}/confirm-email?token=test`,
  });
  await enqueueEmail({ kind: "template_test", to: adminEmail, subject: `[Test] ${email.subject}`, html: email.html, text: email.text });
}

/** "Send test to me" for the season winner e-mail, filled with a sample winner. */
export async function sendWinnerTemplateTest({ adminEmail, templateHtml, language = "en" }: { adminEmail: string; templateHtml: string; language?: Language }) {
  const email = renderWinnerEmail({
    i18n: i18nFor(language),
    siteName: getEnv().SITE_NAME,
    templateHtml: sanitizeRichHtml(templateHtml),
    nickname: "Brave Otter 42",
    rank: 1,
    prize: "Early access pass",
    season: "October 2026",
    claimUrl: `${getEnv().origin}/claim-prize?token=test`,
  });
  await enqueueEmail({ kind: "template_test", to: adminEmail, subject: `[Test] ${email.subject}`, html: email.html, text: email.text });
}
