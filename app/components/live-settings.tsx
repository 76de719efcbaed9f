import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { PublicSettingsEvent } from "~/lib/realtime/channels";

export type LiveSettings = Omit<PublicSettingsEvent, "type">;

const LiveSettingsContext = createContext<LiveSettings | null>(null);

/**
 * Public settings that follow admin changes live: starts from the server-rendered
 * values, then listens to /api/events (Server-Sent Events; EventSource reconnects).
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

  useEffect(() => {
    const source = new EventSource("/api/events");
    source.addEventListener("settings", (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as PublicSettingsEvent;
      setSettings({
        leaderboardVisible: next.leaderboardVisible,
        brandLogoUrl: next.brandLogoUrl,
        primaryBrandColor: next.primaryBrandColor,
      });
    });
    return () => source.close();
  }, []);

  return <LiveSettingsContext.Provider value={settings}>{children}</LiveSettingsContext.Provider>;
}

export function useLiveSettings(): LiveSettings {
  const settings = useContext(LiveSettingsContext);
  if (!settings) throw new Error("useLiveSettings outside LiveSettingsProvider");
  return settings;
}
