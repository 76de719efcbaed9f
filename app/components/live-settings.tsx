import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { PublicSettingsEvent } from "~/lib/realtime/channels";

export type LiveSettings = Omit<PublicSettingsEvent, "type">;

const LiveSettingsContext = createContext<LiveSettings | null>(null);

/**
 * Public settings that follow admin changes live: starts from the server-rendered
 * values, then listens to /api/events (Server-Sent Events, one stream shared by the browser's tabs).
 */
export function LiveSettingsProvider({ initial, children }: { initial: LiveSettings; children: ReactNode }) {
  const [settings, setSettings] = useState(initial);
  // New server values (a revalidation) replace whatever the stream said last.
  const serverKey = `${initial.leaderboardVisible} ${initial.brandLogoUrl} ${initial.primaryBrandColor}`;
  const [seenServerKey, setSeenServerKey] = useState(serverKey);
  if (seenServerKey !== serverKey) {
    setSeenServerKey(serverKey);
    setSettings(initial);
  }

  // The stream's code is fetched after hydration, off the first load (ADR 0025).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let isUnmounted = false;
    void import("~/lib/realtime/shared-events").then(({ subscribeToSharedEvents }) => {
      if (isUnmounted) return;
      stop = subscribeToSharedEvents("/api/events", "settings", (data) => {
        const next = JSON.parse(data) as PublicSettingsEvent;
        setSettings({
          leaderboardVisible: next.leaderboardVisible,
          brandLogoUrl: next.brandLogoUrl,
          primaryBrandColor: next.primaryBrandColor,
        });
      });
    });
    return () => {
      isUnmounted = true;
      stop?.();
    };
  }, []);

  return <LiveSettingsContext.Provider value={settings}>{children}</LiveSettingsContext.Provider>;
}

export function useLiveSettings(): LiveSettings {
  const settings = useContext(LiveSettingsContext);
  if (!settings) throw new Error("useLiveSettings outside LiveSettingsProvider");
  return settings;
}
