import type { I18n, Messages } from "@lingui/core";
import type { Namespace } from "./catalog-list";
import type { Language } from "../../kernel/i18n/languages";
import { requestLanguage } from "./request-language.server";
import { createTranslator } from "./translator";

// The compiled catalogs (`npm run i18n:compile`), every language and namespace, read once.
const compiled = import.meta.glob<{ messages: Messages }>("../../locales/*/*.json", { eager: true });

export { NAMESPACES, type Namespace } from "./catalog-list";

function catalog(language: Language, namespace: Namespace): Messages {
  return compiled[`../../locales/${language}/${namespace}.json`]?.messages ?? {};
}

/** Whether a compiled message is its id as it stands: English text with nothing to fill in. */
const isPlainText = (id: string, message: Messages[string]) => Array.isArray(message) && message.length === 1 && message[0] === id;

const englishToSend = new Map<Namespace, Messages>();

/**
 * The messages a page needs in its language, for its loader data. English ids are English
 * text, so English sends only the messages with something to fill in (a name, a count),
 * picked out once per catalog.
 */
export function messagesFor(language: Language, namespace: Namespace): Messages {
  if (language !== "en") return catalog(language, namespace);
  let messages = englishToSend.get(namespace);
  if (!messages) {
    messages = Object.fromEntries(Object.entries(catalog(language, namespace)).filter(([id, message]) => !isPlainText(id, message)));
    englishToSend.set(namespace, messages);
  }
  return messages;
}

const serverInstances = new Map<Language, I18n>();

/** The server's translator for a language (e-mails, messages an action answers with): every namespace. */
export function i18nFor(language: Language): I18n {
  let instance = serverInstances.get(language);
  if (!instance) {
    const ofLanguage = Object.entries(compiled).filter(([file]) => file.startsWith(`../../locales/${language}/`));
    const messages = Object.assign({}, ...ofLanguage.map(([, module]) => module.messages));
    instance = createTranslator(language, messages);
    serverInstances.set(language, instance);
  }
  return instance;
}

/**
 * A page loader's translation: the request's language, the translator for what the loader
 * writes itself (a title, a date), and the page's catalog for its loader data.
 */
export function pageTranslation(request: Request, namespace: Namespace) {
  const language = requestLanguage(request);
  return { language, i18n: i18nFor(language), messages: messagesFor(language, namespace) };
}
