import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { FORMAT_LOCALES, type Language } from "./languages";
import { passThroughMissing } from "./missing";
import { requestLanguage } from "./request-language.server";

// The compiled catalogs (`npm run i18n:compile`), every language and namespace, read once.
const compiled = import.meta.glob<{ messages: Messages }>("../../locales/*/*.json", { eager: true });

export type Namespace = "common" | "home" | "join" | "thank-you" | "leaderboard" | "parent-consent" | "dashboard";

function catalog(language: Language, namespace: Namespace): Messages {
  return compiled[`../../locales/${language}/${namespace}.json`]?.messages ?? {};
}

/** Whether a compiled message is its id as it stands: English text with nothing to fill in. */
const isPlainText = (id: string, message: Messages[string]) => Array.isArray(message) && message.length === 1 && message[0] === id;

/**
 * The messages a page needs in its language, for its loader data. English ids are English
 * text, so English sends only the messages with something to fill in (a name, a count).
 */
export function messagesFor(language: Language, namespace: Namespace): Messages {
  const messages = catalog(language, namespace);
  if (language !== "en") return messages;
  return Object.fromEntries(Object.entries(messages).filter(([id, message]) => !isPlainText(id, message)));
}

const serverInstances = new Map<Language, I18n>();

/** The server's translator for a language (e-mails, messages an action answers with): every namespace. */
export function i18nFor(language: Language): I18n {
  let instance = serverInstances.get(language);
  if (!instance) {
    const ofLanguage = Object.entries(compiled).filter(([file]) => file.startsWith(`../../locales/${language}/`));
    const messages = Object.assign({}, ...ofLanguage.map(([, module]) => module.messages));
    instance = setupI18n({ locale: language, locales: [FORMAT_LOCALES[language]], messages: { [language]: messages }, missing: passThroughMissing });
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
