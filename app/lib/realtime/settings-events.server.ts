import { eventStreams } from "../metrics.server";
import { getSiteSettings } from "../settings/settings.server";
import { type PublicSettingsEvent, SITE_SETTINGS_CHANNEL } from "./channels";
import { subscribe } from "./notifications.server";

export async function getPublicSettingsEvent(): Promise<PublicSettingsEvent> {
  const settings = await getSiteSettings(["leaderboardVisible", "brandLogoUrl", "primaryBrandColor"]);
  return { type: "settings", ...settings };
}

const HEARTBEAT_MS = 25_000;

/**
 * A Server-Sent Events stream of the public settings: the current values at once,
 * then again after every change saved by any app process.
 */
export async function streamPublicSettings(signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  let unsubscribe: (() => void) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let isOpen = true;
  eventStreams.inc();
  const close = () => {
    unsubscribe?.();
    clearInterval(heartbeat);
    if (isOpen) eventStreams.dec();
    isOpen = false;
  };

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (chunk: string) => {
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          close();
        }
      };
      const sendSettings = async () => send(`event: settings\ndata: ${JSON.stringify(await getPublicSettingsEvent())}\n\n`);
      send("retry: 2000\n\n");
      unsubscribe = await subscribe(SITE_SETTINGS_CHANNEL, () => void sendSettings().catch(() => undefined));
      await sendSettings();
      heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
      signal.addEventListener("abort", () => {
        close();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
    },
    cancel: close,
  });
}
