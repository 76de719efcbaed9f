import { useLingui } from "@lingui/react";
import type * as React from "react";
import { formatDate } from "~/lib/format";
import { FORMAT_LOCALES, isLanguage } from "~/kernel/i18n/languages";

/** The day the terms and the policy last changed (ISO), written in the page's language. */
export const LEGAL_LAST_UPDATED = "2025-05-27";

/**
 * Shared frame of the Terms and Privacy pages: title, date, short intro and readable
 * sections. Children are `<section>`s with an `<h2>` each (styled here, so the pages stay plain).
 */
export function LegalPage({
  title,
  lastUpdated = LEGAL_LAST_UPDATED,
  intro,
  children,
}: {
  title: string;
  lastUpdated?: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  const { i18n } = useLingui();
  // The day itself (an ISO date reads as UTC midnight), written in UTC so no zone moves it.
  const date = formatDate(lastUpdated, "date", { timeZone: "UTC", locale: FORMAT_LOCALES[isLanguage(i18n.locale) ? i18n.locale : "en"] });
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12">
      <div className="border-b pb-6">
        <h1 className="text-4xl font-extrabold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm font-semibold text-muted-foreground">{i18n._("Last updated: {date}", { date })}</p>
        {intro ? <div className="mt-4 text-lg text-muted-foreground">{intro}</div> : null}
      </div>
      <div
        data-slot="legal-prose"
        className="mt-8 space-y-8 leading-relaxed text-foreground/90 [&_a]:font-semibold [&_a]:text-secondary [&_a]:underline [&_a]:underline-offset-2 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-extrabold [&_h2]:text-foreground [&_li]:ml-6 [&_li]:list-disc [&_p]:mt-2 [&_strong]:text-foreground [&_ul]:mt-2 [&_ul]:space-y-1"
      >
        {children}
      </div>
    </main>
  );
}
