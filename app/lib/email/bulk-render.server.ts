import { i18nFor } from "../i18n/catalogs.server";
import { DEFAULT_LANGUAGE, type Language } from "../../kernel/i18n/languages";
import { listMemberLanguages } from "../waitlist/member-language.server";
import { isEssentialEmailKind } from "./email-kinds";
import { addUnsubscribeLink, emailLanguage } from "./layout";
import type { ClaimedEmail } from "./outbox.server";
import { isWelcomeData, type RenderedEmail } from "./queued-render.server";
import { unsubscribeUrl } from "./suppression.server";
import { loadWelcomeTemplate, renderWelcomeFrom, type WelcomeTemplate } from "./welcome.server";

/**
 * What renders a batch of bulk messages as they go out (ADR 0038, 0069), as the one-at-a-time
 * sender does (renderQueuedEmail, addUnsubscribeLink), with the batch's members' languages and
 * the welcome template in each read once for the whole batch. The render throws for a message
 * it cannot make, so the sender records a failed attempt rather than sending an empty e-mail.
 */
export async function prepareBulkRender(batch: readonly ClaimedEmail[]): Promise<(message: ClaimedEmail) => RenderedEmail> {
  const memberIds = batch.flatMap((message) => (isWelcomeData(message.templateData) ? [message.templateData.memberId] : []));
  const languages = await listMemberLanguages(memberIds);
  const wanted = new Set<Language>(memberIds.map((id) => languages.get(id) ?? DEFAULT_LANGUAGE));
  const templates = new Map<Language, WelcomeTemplate>(await Promise.all([...wanted].map(async (language) => [language, await loadWelcomeTemplate(language)] as const)));

  return (message) => {
    let rendered: RenderedEmail | undefined;
    if (message.templateData) {
      if (message.kind !== "welcome" || !isWelcomeData(message.templateData)) throw new Error(`no way to render a queued "${message.kind}" e-mail from what it holds`);
      const { memberId, referralCode, parentConsent } = message.templateData;
      const language = languages.get(memberId) ?? DEFAULT_LANGUAGE;
      const member = { id: memberId, email: message.to, referralCode, language, isParentConsented: parentConsent === true };
      const { subject, html, text } = renderWelcomeFrom(templates.get(language)!, member);
      rendered = { subject, html, text };
    }
    const base = rendered ?? message;
    if (isEssentialEmailKind(message.kind)) return { subject: base.subject, html: base.html, text: base.text };
    // An optional one shows its unsubscribe link (the headers are the transport's); kept with the row as sent.
    return { subject: base.subject, ...addUnsubscribeLink(base, unsubscribeUrl(message.to), i18nFor(emailLanguage(base.html))) };
  };
}
