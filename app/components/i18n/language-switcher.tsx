import { useLingui } from "@lingui/react";
import { useLocation } from "react-router";
import { LANGUAGE_ENDONYMS, LANGUAGES } from "~/kernel/i18n/languages";
import { cn } from "~/lib/utils";

/**
 * A button per language, each in its own language. A plain form post to /language (no
 * JavaScript needed): the server keeps the choice and brings the visitor back to this page.
 * The caller gives its display (`flex`, or `hidden lg:flex`).
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { i18n } = useLingui();
  const { pathname, search } = useLocation();
  return (
    <form method="post" action="/language" className={cn("items-center gap-1", className)}>
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <span className="sr-only">{i18n._("Language")}</span>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="submit"
          name="language"
          value={language}
          lang={language}
          aria-current={language === i18n.locale ? "true" : undefined}
          className={cn(
            "rounded-md px-2 py-1 text-sm font-semibold underline-offset-2 hover:underline",
            language === i18n.locale && "bg-primary/20 text-foreground",
          )}
        >
          {LANGUAGE_ENDONYMS[language]}
        </button>
      ))}
    </form>
  );
}
