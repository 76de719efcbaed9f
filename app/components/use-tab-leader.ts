import { useCallback, useEffect, useRef } from "react";

/**
 * Whether this tab is the browser's one leader for `name`, decided by the Web Locks API:
 * each tab asks for the same exclusive lock and holds it until the page goes away, so at
 * most one tab holds it at any moment, whatever the timers do. react-idle-timer's own
 * election runs on timers and BroadcastChannel messages; when a starved or fast-forwarded
 * browser runs the timers before the messages, two tabs both lead and both warn.
 * The returned check takes the answer to use where the browser has no Web Locks.
 */
export function useTabLeader(name: string): (withoutLocks: boolean) => boolean {
  const holdsLock = useRef(false);

  useEffect(() => {
    if (!("locks" in navigator)) return;
    const release = new AbortController();
    navigator.locks
      .request(name, { signal: release.signal }, () => {
        holdsLock.current = true;
        return new Promise<void>((resolve) => release.signal.addEventListener("abort", () => resolve()));
      })
      .catch(() => {}) // aborted while still waiting in the queue
      .finally(() => {
        holdsLock.current = false;
      });
    return () => release.abort();
  }, [name]);

  return useCallback((withoutLocks: boolean) => ("locks" in navigator ? holdsLock.current : withoutLocks), []);
}
