import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../../tests/db-reset";
import { saveSiteSettings } from "../settings/settings.server";
import { SITE_SETTINGS_CHANNEL } from "./channels";
import { stopNotifications, subscribe } from "./notifications.server";
import { eventStreamSettingsReads } from "../metrics.server";
import { EVENT_STREAM_LIMITS, openEventStreamCount, openPublicSettingsStream } from "./settings-events.server";

beforeEach(resetDatabase);
afterAll(stopNotifications);

/** Reads SSE events from the stream until `count` `settings` events arrived. */
async function readSettingsEvents(stream: ReadableStream<Uint8Array>, count: number, whileReading: () => Promise<void>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const events: unknown[] = [];
  let buffer = "";
  let triggered = false;
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let boundary: number;
    while ((boundary = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const data = block.split("\n").find((line) => line.startsWith("data: "));
      if (block.includes("event: settings") && data) events.push(JSON.parse(data.slice(6)));
    }
    if (events.length === 1 && !triggered) {
      triggered = true;
      await whileReading();
    }
  }
  await reader.cancel();
  return events;
}

async function openStream(address: string, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const stream = await openPublicSettingsStream(address, signal);
  if ("refused" in stream) throw new Error(`stream refused: ${stream.refused}`);
  return stream;
}

async function readsSoFar(): Promise<number> {
  return (await eventStreamSettingsReads.get()).values[0]?.value ?? 0;
}

describe("live settings", () => {
  it("notifies subscribers when settings are saved", async () => {
    const received: string[] = [];
    const unsubscribe = await subscribe(SITE_SETTINGS_CHANNEL, (payload) => received.push(payload));
    await saveSiteSettings({ leaderboardVisible: false }, null);
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    expect(JSON.parse(received[0] ?? "[]")).toEqual(["leaderboard_visible"]);
    unsubscribe();
  });

  it("streams the current public settings, then each change", async () => {
    const abort = new AbortController();
    const stream = await openStream("10.0.0.1", abort.signal);
    const events = await readSettingsEvents(stream, 2, async () => {
      await saveSiteSettings({ leaderboardVisible: false, primaryBrandColor: "#1e3a8a" }, null);
    });
    abort.abort();
    expect(events[0]).toMatchObject({ type: "settings", leaderboardVisible: true, primaryBrandColor: "#F8A719" });
    expect(events[1]).toMatchObject({ type: "settings", leaderboardVisible: false, primaryBrandColor: "#1E3A8A" });
  });

  it("reads the settings once per change for every open stream of the process", async () => {
    const aborts = Array.from({ length: 6 }, () => new AbortController());
    const streams = await Promise.all(aborts.map((abort, index) => openStream(`10.0.1.${index}`, abort.signal)));
    const readers = streams.map((stream) => readSettingsEvents(stream, 2, async () => undefined));
    await expect.poll(readsSoFar).toBeGreaterThanOrEqual(6); // each new stream's catch-up read
    const before = await readsSoFar();
    await saveSiteSettings({ leaderboardVisible: false }, null);
    const events = await Promise.all(readers);
    aborts.forEach((abort) => abort.abort());
    for (const received of events) expect(received[1]).toMatchObject({ leaderboardVisible: false });
    expect((await readsSoFar()) - before).toBe(1);
  });

  it("refuses streams over the per-address cap and frees a slot when one closes", async () => {
    const aborts = Array.from({ length: EVENT_STREAM_LIMITS.perAddress }, () => new AbortController());
    for (const abort of aborts) await openStream("10.0.2.1", abort.signal);
    const spare = new AbortController();
    expect(await openPublicSettingsStream("10.0.2.1", spare.signal)).toEqual({ refused: "address" });
    // The same address as a dual-stack socket reports it.
    expect(await openPublicSettingsStream("::ffff:10.0.2.1", spare.signal)).toEqual({ refused: "address" });
    // Another address (another family) is not affected.
    await openStream("10.0.2.2", spare.signal);
    aborts[0]?.abort();
    await openStream("10.0.2.1", spare.signal);
    aborts.forEach((abort) => abort.abort());
    spare.abort();
    expect(openEventStreamCount()).toBe(0);
  });

  it("counts an IPv6 /64 as one address", async () => {
    const abort = new AbortController();
    for (let index = 0; index < EVENT_STREAM_LIMITS.perAddress; index++) await openStream(`2001:db8:4::${index.toString(16)}`, abort.signal);
    expect(await openPublicSettingsStream("2001:db8:4:0:ffff::1", abort.signal)).toEqual({ refused: "address" });
    await openStream("2001:db8:4:1::1", abort.signal);
    await openStream("10.0.4.1", abort.signal);
    abort.abort();
    expect(openEventStreamCount()).toBe(0);
  });

  it("refuses streams over the process's cap", async () => {
    const saved = EVENT_STREAM_LIMITS.total;
    EVENT_STREAM_LIMITS.total = 3;
    try {
      const abort = new AbortController();
      for (let index = 0; index < 3; index++) await openStream(`10.0.3.${index}`, abort.signal);
      expect(await openPublicSettingsStream("10.0.3.9", abort.signal)).toEqual({ refused: "total" });
      abort.abort();
      expect(openEventStreamCount()).toBe(0);
    } finally {
      EVENT_STREAM_LIMITS.total = saved;
    }
  });
});
