import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { sleep } from "./sleep";

describe("sleep", () => {
  it("leaves no abort listener behind, however many waits share one signal", async () => {
    const stopping = new AbortController();
    for (let i = 0; i < 1000; i++) await sleep(0, stopping.signal);
    expect(getEventListeners(stopping.signal, "abort")).toHaveLength(0);
  });

  it("ends at once when the signal aborts, and at once when it already has", async () => {
    const stopping = new AbortController();
    const started = performance.now();
    const waiting = sleep(60_000, stopping.signal);
    stopping.abort();
    await waiting;
    await sleep(60_000, stopping.signal);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(getEventListeners(stopping.signal, "abort")).toHaveLength(0);
  });
});
