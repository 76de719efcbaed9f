import { useCallback, useEffect, useRef, useState } from "react";
import { useIdleTimer } from "react-idle-timer";
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
import { idleTimingFor } from "~/lib/auth/idle-timing";
import { signOutDestination } from "~/lib/auth/redirects";
import { useTabLeader } from "./use-tab-leader";

/** Followers wait this long before reloading, so the leader's page shows the sign-out notice. */
const FOLLOW_DELAY_MS = 1_000;

type TabMessage = { type: "signed-out" };

/**
 * Spec §4 session timeout, once per browser: activity in any tab keeps every tab alive
 * (react-idle-timer's cross-tab sync). After (timeout − 60 s) without activity (half the
 * timeout when it is under 2 minutes) the one tab holding the leader lock (useTabLeader) shows the countdown; 'Stay Logged In' resets every tab, 'Logout Now' or
 * zero signs out once and the other tabs reload signed out. The server's own idle check
 * stays the rule; this is the courtesy. Requests here are plain fetches, so they never
 * revalidate the page's loaders.
 */
export function SessionTimeout({ timeoutMinutes }: { timeoutMinutes: number }) {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [signingOutMessage, setSigningOutMessage] = useState<string | null>(null);
  const lastReport = useRef(0);
  const signingOut = useRef(false);
  // The warning is always shorter than the timeout, and a busy tab reports often enough
  // for every allowed timeout (app/lib/auth/idle-timing.ts).
  const timing = idleTimingFor(timeoutMinutes);
  const isEnabled = timing !== null;
  const timeoutMs = timing?.timeoutMs ?? 60_000;
  const promptMs = timing?.warningMs ?? 30_000;
  const reportIntervalMs = timing?.reportIntervalMs ?? 15_000;

  const reportActivity = useCallback((force = false) => {
    if (signingOut.current || (!force && Date.now() - lastReport.current < reportIntervalMs)) return;
    lastReport.current = Date.now();
    // Same-origin fetch: the browser's Sec-Fetch-Site/Origin satisfy server/cross-origin.ts.
    void fetch("/api/session/activity", { method: "POST", credentials: "same-origin" })
      .then((response) => {
        if (response.status === 401) window.location.reload();
      })
      .catch(() => {});
  }, [reportIntervalMs]);

  // Another tab signed out: no second dialog here, just reload signed out.
  const followSignOut = useCallback(() => {
    signingOut.current = true;
    setSecondsLeft(null);
    window.setTimeout(() => window.location.reload(), FOLLOW_DELAY_MS);
  }, []);

  // Without Web Locks, react-idle-timer's own election answers.
  const isLeader = useTabLeader("launchcrew-session-leader");

  const timer = useIdleTimer({
    disabled: !isEnabled,
    timeout: timeoutMs,
    promptBeforeIdle: promptMs,
    crossTab: true,
    leaderElection: true,
    syncTimers: 500,
    throttle: 500,
    name: "launchcrew-session",
    onAction: () => reportActivity(),
    onActive: () => setSecondsLeft(null),
    onPrompt: (_event, idleTimer) => {
      if (isLeader(idleTimer?.isLeader() ?? false)) setSecondsLeft(Math.ceil((idleTimer?.getRemainingTime() ?? 0) / 1000));
    },
    onIdle: (_event, idleTimer) => {
      if (isLeader(idleTimer?.isLeader() ?? false)) void signOut("expired");
    },
    onMessage: (message: TabMessage) => {
      if (message?.type === "signed-out" && !signingOut.current) followSignOut();
    },
  });

  async function signOut(reason: "expired" | "manual") {
    if (signingOut.current) return;
    signingOut.current = true;
    setSigningOutMessage(reason === "expired" ? "Session expired. Signing out..." : "Signing out...");
    const from = window.location.pathname;
    try {
      await fetch("/logout", {
        method: "POST",
        body: new URLSearchParams({ from, reason }),
        credentials: "same-origin",
        redirect: "manual",
      });
    } finally {
      timer.message({ type: "signed-out" } satisfies TabMessage);
      window.location.assign(signOutDestination(from));
    }
  }

  // The countdown of the open warning (leader tab only).
  const isWarning = secondsLeft !== null;
  useEffect(() => {
    if (!isWarning || signingOutMessage) return;
    const interval = window.setInterval(() => setSecondsLeft(Math.ceil(timer.getRemainingTime() / 1000)), 1000);
    return () => window.clearInterval(interval);
  }, [isWarning, signingOutMessage, timer]);

  function stayLoggedIn() {
    timer.activate(); // every tab: timers reset, warning closed
    setSecondsLeft(null);
    reportActivity(true);
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
            <AlertDialogCancel onClick={() => void signOut("manual")}>Logout Now</AlertDialogCancel>
            <AlertDialogAction onClick={stayLoggedIn}>Stay Logged In</AlertDialogAction>
          </AlertDialogFooter>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
