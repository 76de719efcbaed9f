import type * as React from "react";

export const LEGAL_LAST_UPDATED = "May 27, 2025";

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
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12">
      <div className="border-b pb-6">
        <h1 className="text-4xl font-extrabold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm font-semibold text-muted-foreground">Last updated: {lastUpdated}</p>
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
