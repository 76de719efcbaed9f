import { useLingui } from "@lingui/react";
import { useIsHydrated } from "~/components/use-is-hydrated";
import { formatDate, pageZone, SERVER_ZONE, viewerZone, type DateStyle } from "~/lib/format";
import { FORMAT_LOCALES, isLanguage } from "~/kernel/i18n/languages";

/** A date in UTC on the server and while hydrating, then in the viewer's zone and locale (for a Spanish page, a Spanish one: pageZone). */
export function LocalTime({ value, style = "dateTime", className }: { value: string | number | Date; style?: DateStyle; className?: string }) {
  const { i18n } = useLingui();
  const language = isLanguage(i18n.locale) ? i18n.locale : "en";
  const isHydrated = useIsHydrated();
  const zone = pageZone(isHydrated ? viewerZone() : SERVER_ZONE, language, FORMAT_LOCALES[language]);
  const date = value instanceof Date ? value : new Date(value);
  const iso = Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  const text = formatDate(date, style, zone);
  return (
    <time dateTime={iso} className={className}>
      {!isHydrated && style === "dateTime" ? `${text} UTC` : text}
    </time>
  );
}
