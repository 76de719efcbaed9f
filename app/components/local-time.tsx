import { useIsHydrated } from "~/components/use-is-hydrated";
import { formatDate, SERVER_ZONE, viewerZone, type DateStyle } from "~/lib/format";

/** A date in UTC on the server and while hydrating, then in the viewer's zone and locale. */
export function LocalTime({ value, style = "dateTime", className }: { value: string | number | Date; style?: DateStyle; className?: string }) {
  const zone = useIsHydrated() ? viewerZone() : SERVER_ZONE;
  const date = value instanceof Date ? value : new Date(value);
  const iso = Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  const text = formatDate(date, style, zone);
  return (
    <time dateTime={iso} className={className}>
      {zone === SERVER_ZONE && style === "dateTime" ? `${text} UTC` : text}
    </time>
  );
}
