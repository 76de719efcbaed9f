import type * as React from "react";

export const LEGAL_LAST_UPDATED = "May 27, 2025";

/** Shared frame of the Terms and Privacy pages: title, date, readable sections. */
export function LegalPage({ title, intro, children }: { title: string; intro: React.ReactNode; children: React.ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12">
      <h1 className="text-4xl font-extrabold">{title}</h1>
      <p className="mt-2 text-sm font-semibold text-muted-foreground">Last updated: {LEGAL_LAST_UPDATED}</p>
      <div className="mt-6 text-lg text-muted-foreground">{intro}</div>
      <div className="mt-8 space-y-8 leading-relaxed [&_h2]:text-2xl [&_h2]:font-extrabold [&_h2]:text-foreground [&_li]:ml-6 [&_li]:list-disc [&_p]:mt-2 [&_ul]:mt-2 [&_ul]:space-y-1">
        {children}
      </div>
    </main>
  );
}
