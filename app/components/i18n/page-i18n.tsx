import { setupI18n, type Messages } from "@lingui/core";
import { LinguiContext } from "@lingui/react";
import type * as React from "react";
import { useMatches } from "react-router";
import { passThroughMissing } from "~/lib/i18n/missing";
import { FORMAT_LOCALES, type Language } from "~/lib/i18n/languages";

/**
 * The page's translator: its language, and the messages the root and the page's own routes
 * sent in their loader data (each a catalog of its own, so no page carries another's). Built
 * afresh when the matches change, so a navigation renders with the new page's messages at once.
 */
export function PageI18n({ language, children }: { language: Language; children: React.ReactNode }) {
  const catalogs = useMatches().map((match) => (match.loaderData as { messages?: Messages } | undefined)?.messages);
  const i18n = setupI18n({ locale: language, locales: [FORMAT_LOCALES[language]], messages: { [language]: Object.assign({}, ...catalogs) }, missing: passThroughMissing });
  return <LinguiContext.Provider value={{ i18n, _: i18n._.bind(i18n) }}>{children}</LinguiContext.Provider>;
}
