import { log } from "../../kernel/log.server";
import { eventStreams, eventStreamSettingsReads } from "../metrics.server";
import { networkKeyOf } from "../security/client-network.server";
import { forgetCachedSettings, getSiteSettings } from "../settings/settings.server";
import { type PublicSettingsEvent, SITE_SETTINGS_CHANNEL } from "./channels";
import { subscribe } from "./notifications.server";

async function getPublicSettingsEvent(): Promise<PublicSettingsEvent> {
  const settings = await getSiteSettings(["leaderboardVisible", "brandLogoUrl", "primaryBrandColor"]);
  eventStreamSettingsReads.inc();
  return { type: "settings", ...settings };
}

const HEARTBEAT_MS = 25_000;

/**
 * Open streams per client address (an IPv6 /64 counting as one, see networkKeyOf) and per
 * process. A browser holds one stream for all its tabs (app/lib/realtime/shared-events.ts),
 * so an address over the cap is a crowd
 * behind one network or a script; its pages still work, without live updates.
 */
export const EVENT_STREAM_LIMITS = {
  perAddress: Number(process.env.EVENT_STREAMS_PER_ADDRESS) || 32,
  total: Number(process.env.EVENT_STREAMS_MAX) || 5000,
};

type Stream = { network: string; send: (chunk: Uint8Array) => void; close: () => void };

const encoder = new TextEncoder();
const streams = new Set<Stream>();
const streamsByNetwork = new Map<string, number>();
let unsubscribe: Promise<() => void> | undefined;
let heartbeat: NodeJS.Timeout | undefined;
let reading: Promise<void> | undefined;
let readAgain = false;

function broadcast(chunk: Uint8Array) {
  for (const stream of streams) stream.send(chunk);
}

function settingsChunk(event: PublicSettingsEvent): Uint8Array {
  return encoder.encode(`event: settings\ndata: ${JSON.stringify(event)}\n\n`);
}

// One settings read per change for the whole process, however many streams are open;
// changes that arrive during a read are folded into one more read.
function onSettingsChanged() {
  // Whichever listener hears the change first, this read must not see the old copy.
  forgetCachedSettings();
  if (reading) {
    readAgain = true;
    return;
  }
  reading = getPublicSettingsEvent()
    .then((event) => broadcast(settingsChunk(event)))
    .catch((error: unknown) => log.warn("live settings read failed", { reason: error instanceof Error ? error.message : String(error) }))
    .finally(() => {
      reading = undefined;
      if (readAgain) {
        readAgain = false;
        onSettingsChanged();
      }
    });
}

function startSharedWork() {
  unsubscribe ??= subscribe(SITE_SETTINGS_CHANNEL, onSettingsChanged).catch((error: unknown) => {
    unsubscribe = undefined;
    throw error;
  });
  heartbeat ??= setInterval(() => broadcast(encoder.encode(": keep-alive\n\n")), HEARTBEAT_MS).unref();
}

function stopSharedWorkWhenIdle() {
  if (streams.size > 0) return;
  clearInterval(heartbeat);
  heartbeat = undefined;
  const pending = unsubscribe;
  unsubscribe = undefined;
  void pending?.then((stop) => stop()).catch(() => undefined);
}

export type StreamRefusal = { refused: "address" | "total" };

/**
 * A Server-Sent Events stream of the public settings: the current values at once, then
 * again after every change saved by any app process. Refused when the address or the
 * process already holds its share of streams.
 */
export async function openPublicSettingsStream(
  clientIp: string,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array> | StreamRefusal> {
  if (streams.size >= EVENT_STREAM_LIMITS.total) return { refused: "total" };
  const network = networkKeyOf(clientIp);
  const held = streamsByNetwork.get(network) ?? 0;
  if (held >= EVENT_STREAM_LIMITS.perAddress) return { refused: "address" };

  let stream: Stream | undefined;
  const release = () => {
    if (!stream || !streams.delete(stream)) return;
    const left = (streamsByNetwork.get(network) ?? 1) - 1;
    if (left > 0) streamsByNetwork.set(network, left);
    else streamsByNetwork.delete(network);
    eventStreams.dec();
    stopSharedWorkWhenIdle();
  };

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const close = () => {
        release();
        try {
          controller.close();
        } catch {
          // already closed or cancelled
        }
      };
      stream = {
        network,
        send(chunk) {
          try {
            controller.enqueue(chunk);
          } catch {
            release();
          }
        },
        close,
      };
      streams.add(stream);
      streamsByNetwork.set(network, held + 1);
      eventStreams.inc();
      if (signal.aborted) return close();
      signal.addEventListener("abort", close, { once: true });

      stream.send(encoder.encode("retry: 2000\n\n"));
      startSharedWork();
      // Subscribed before the first read, so a change saved meanwhile is not missed.
      try {
        await unsubscribe;
      } catch (error) {
        log.warn("live settings subscription failed", { reason: error instanceof Error ? error.message : String(error) });
        return close(); // the browser retries in 2 s
      }
      // A page that (re)connects catches up from the current values instead of replaying events.
      try {
        stream.send(settingsChunk(await getPublicSettingsEvent()));
      } catch (error) {
        log.warn("live settings read failed", { reason: error instanceof Error ? error.message : String(error) });
      }
    },
    cancel: release,
  });
}

/** Ends every open stream (graceful stop): browsers reconnect to another process. */
export function closeAllEventStreams(): void {
  for (const stream of [...streams]) stream.close();
}

export function openEventStreamCount(): number {
  return streams.size;
}
