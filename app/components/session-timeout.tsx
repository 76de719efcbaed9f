import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useSubmit } from "react-router";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";

export const WARNING_SECONDS = 60;
const ACTIVITY_EVENTS = ["mousemove", "mousedown", "keydown", "click", "scroll", "touchstart"] as const;
/** At most one activity report to the server per minute. */
const REPORT_INTERVAL_MS = 60_000;

/**
 * Spec §4 session timeout: after (timeout − 60 s) without activity a dialog counts
 * down 60 s; 'Stay Logged In' resets, 'Logout Now' or zero signs out.
 */
export function SessionTimeout({ timeoutMinutes }: { timeoutMinutes: number }) {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [signingOutMessage, setSigningOutMessage] = useState<string | null>(null);
  const lastActivity = useRef(Date.now());
  const lastReport = useRef(Date.now());
  const activity = useFetcher();
  const submit = useSubmit();
  const location = useLocation();
  const isEnabled = timeoutMinutes > 0;
  const warnAfterMs = Math.max(0, timeoutMinutes * 60 - WARNING_SECONDS) * 1000;

  const reportActivity = useCallback(() => {
    lastReport.current = Date.now();
    activity.submit(null, { method: "post", action: "/api/session/activity" });
  }, [activity]);

  const signOut = useCallback(
    (reason: "expired" | "manual") => {
      setSigningOutMessage(reason === "expired" ? "Session expired. Signing out..." : "Signing out...");
      submit({ from: location.pathname, reason }, { method: "post", action: "/logout" });
    },
    [location.pathname, submit],
  );

  useEffect(() => {
    if (!isEnabled) return;
    const onActivity = () => {
      if (secondsLeft !== null) return; // while warning, only the dialog's buttons count
      lastActivity.current = Date.now();
      if (Date.now() - lastReport.current > REPORT_INTERVAL_MS) reportActivity();
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
    };
  }, [isEnabled, secondsLeft, reportActivity]);

  useEffect(() => {
    if (!isEnabled || signingOutMessage) return;
    const timer = window.setInterval(() => {
      const idleMs = Date.now() - lastActivity.current;
      if (idleMs < warnAfterMs) {
        if (secondsLeft !== null) setSecondsLeft(null);
        return;
      }
      const left = Math.max(0, WARNING_SECONDS - Math.floor((idleMs - warnAfterMs) / 1000));
      setSecondsLeft(left);
      if (left === 0) signOut("expired");
    }, 1000);
    return () => window.clearInterval(timer);
  }, [isEnabled, warnAfterMs, secondsLeft, signingOutMessage, signOut]);

  function stayLoggedIn() {
    lastActivity.current = Date.now();
    setSecondsLeft(null);
    reportActivity();
  }

  if (!isEnabled) return null;
  return (
    <AlertDialog open={secondsLeft !== null || signingOutMessage !== null}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you still there?</AlertDialogTitle>
          <AlertDialogDescription>
            {signingOutMessage ?? (
              <>
                You've been inactive for a while. For your security you'll be signed out in{" "}
                <strong aria-live="polite">{secondsLeft} seconds</strong>.
              </>
            )}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {!signingOutMessage && (
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => signOut("manual")}>Logout Now</AlertDialogCancel>
            <AlertDialogAction onClick={stayLoggedIn}>Stay Logged In</AlertDialogAction>
          </AlertDialogFooter>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
