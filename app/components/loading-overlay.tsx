import { LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";

export const OVERLAY_MAX_MS = 10_000;

/** The spec's global overlay message for what is happening now, if any. */
function overlayMessage(navigation: ReturnType<typeof useNavigation>): string | null {
  if (navigation.state === "idle") return null;
  const action = navigation.formAction ?? "";
  if (action.startsWith("/logout")) return "Signing out...";
  if (action.startsWith("/login")) return "Sending magic link...";
  if (action.startsWith("/api/session/activity")) return "Updating session...";
  if (navigation.location?.pathname.startsWith("/auth/callback")) return "Authenticating...";
  return null;
}

/** Covers the page while auth work runs; hides on route change and after 10 s. */
export function LoadingOverlay() {
  const navigation = useNavigation();
  const location = useLocation();
  const message = overlayMessage(navigation);
  // Each message times out once per location: a new page or a new message shows again.
  const shown = message ? `${location.key} ${message}` : null;
  const [timedOut, setTimedOut] = useState<string | null>(null);

  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setTimedOut(shown), OVERLAY_MAX_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);

  if (!message || timedOut === shown) return null;
  return (
    <div role="status" aria-live="assertive" className="fixed inset-0 z-[60] flex items-center justify-center bg-background/80 backdrop-blur-sm">
      <div className="flex items-center gap-3 rounded-xl border bg-card px-6 py-4 shadow-lg">
        <LoaderCircle className="size-6 animate-spin text-secondary" aria-hidden="true" />
        <span className="font-semibold">{message}</span>
      </div>
    </div>
  );
}
