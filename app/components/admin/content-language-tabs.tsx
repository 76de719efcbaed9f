import { Link, useLocation } from "react-router";
import { LANGUAGE_ENDONYMS, LANGUAGES, type Language } from "~/kernel/i18n/languages";
import { cn } from "~/lib/utils";

/**
 * The language tabs of a content editor (English | Español): plain links to `?language=`,
 * so they work without JavaScript; other query parameters (a season) are kept.
 */
export function ContentLanguageTabs({ language, className }: { language: Language; className?: string }) {
  const { pathname, search } = useLocation();
  const hrefOf = (tab: Language) => {
    const params = new URLSearchParams(search);
    params.set("language", tab);
    return `${pathname}?${params.toString()}`;
  };
  return (
    <nav aria-label="Language" className={cn("flex gap-2 border-b pb-2", className)}>
      {LANGUAGES.map((tab) => (
        <Link
          key={tab}
          to={hrefOf(tab)}
          preventScrollReset
          aria-current={tab === language ? "page" : undefined}
          lang={tab}
          className={cn(
            "rounded-md px-3 py-1.5 text-sm font-semibold",
            tab === language ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-muted",
          )}
        >
          {LANGUAGE_ENDONYMS[tab]}
        </Link>
      ))}
    </nav>
  );
}

/** Beside a field with no translation in the tab's language: what Spanish readers get meanwhile (ADR 0057). */
export function NotTranslated({ id }: { id?: string }) {
  return (
    <p id={id} className="text-sm text-muted-foreground" data-testid="not-translated">
      <span className="mr-2 rounded bg-muted px-1.5 py-0.5 text-xs font-bold uppercase text-foreground">Not translated</span>
      Spanish readers get the built-in Spanish text while the English is unchanged, and the English once it has been edited; write a translation here to replace it.
    </p>
  );
}
