import { useSyncExternalStore } from "react";
import { formatDate, SERVER_ZONE, viewerZone, type DateStyle } from "~/lib/format";

const subscribe = () => () => {};

/** True once this tree has hydrated; false on the server and during hydration. */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

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
