import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { PublicSettingsEvent } from "~/lib/realtime/channels";
import { subscribeToSharedEvents } from "~/lib/realtime/shared-events";

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

  useEffect(
    () =>
      subscribeToSharedEvents("/api/events", "settings", (data) => {
        const next = JSON.parse(data) as PublicSettingsEvent;
        setSettings({
          leaderboardVisible: next.leaderboardVisible,
          brandLogoUrl: next.brandLogoUrl,
          primaryBrandColor: next.primaryBrandColor,
        });
      }),
    [],
  );

  return <LiveSettingsContext.Provider value={settings}>{children}</LiveSettingsContext.Provider>;
}

export function useLiveSettings(): LiveSettings {
  const settings = useContext(LiveSettingsContext);
  if (!settings) throw new Error("useLiveSettings outside LiveSettingsProvider");
  return settings;
}
