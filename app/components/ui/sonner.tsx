import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { isToasterWantedNow, subscribeToToasterWanted, wantToaster } from "~/components/ui/toast";

export const TOAST_DURATION_MS = 5000;

const Sonner = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** Once the page has loaded and the browser is idle: off the first load's critical path. */
function whenIdle(callback: () => void): () => void {
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(callback, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 1000);
  return () => clearTimeout(id);
}

/**
 * The spec's toasts: one visible at a time, each dismissed after 5000 ms. Bottom-right,
 * so they never cover the sticky header and its menu. Mounted after hydration, when
 * idle (so its live region is in place before most toasts) or at the first toast.
 */
export function Toaster() {
  const isWanted = useSyncExternalStore(subscribeToToasterWanted, isToasterWantedNow, () => false);
  useEffect(() => whenIdle(wantToaster), []);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <Sonner
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        position="bottom-right"
        richColors
        closeButton
        toastOptions={{ classNames: { toast: "font-sans" } }}
      />
    </Suspense>
  );
}
