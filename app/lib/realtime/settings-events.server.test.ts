import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../../tests/db-reset";
import { saveSiteSettings } from "../settings/settings.server";
import { SITE_SETTINGS_CHANNEL } from "./channels";
import { stopNotifications, subscribe } from "./notifications.server";
import { streamPublicSettings } from "./settings-events.server";

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
    const stream = await streamPublicSettings(abort.signal);
    const events = await readSettingsEvents(stream, 2, async () => {
      await saveSiteSettings({ leaderboardVisible: false, primaryBrandColor: "#1e3a8a" }, null);
    });
    abort.abort();
    expect(events[0]).toMatchObject({ type: "settings", leaderboardVisible: true, primaryBrandColor: "#F8A719" });
    expect(events[1]).toMatchObject({ type: "settings", leaderboardVisible: false, primaryBrandColor: "#1E3A8A" });
  });
});
