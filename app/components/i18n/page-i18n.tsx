import type { Messages } from "@lingui/core";
import { LinguiContext } from "@lingui/react";
import type * as React from "react";
import { useMatches } from "react-router";
import type { Language } from "~/kernel/i18n/languages";
import { createTranslator } from "~/lib/i18n/translator";

/**
 * The page's translator: its language, and the messages the root and the page's own routes
 * sent in their loader data (each a catalog of its own, so no page carries another's). Built
 * afresh when the matches change, so a navigation renders with the new page's messages at once.
 */
export function PageI18n({ language, children }: { language: Language; children: React.ReactNode }) {
  const catalogs = useMatches().map((match) => (match.loaderData as { messages?: Messages } | undefined)?.messages);
  const i18n = createTranslator(language, Object.assign({}, ...catalogs));
  return <LinguiContext.Provider value={{ i18n, _: i18n._.bind(i18n) }}>{children}</LinguiContext.Provider>;
}
