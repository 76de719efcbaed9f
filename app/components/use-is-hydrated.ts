import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False on the server and during hydration, true after: for browser-only rendering without mismatches. */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
