import { describe, expect, it } from "vitest";
import { ByteBoundedCache } from "./byte-bounded-cache";

const bytes = (length: number) => new Uint8Array(length);

describe("byte-bounded cache", () => {
  it("forgets the least recently used entries once over its byte budget", () => {
    const cache = new ByteBoundedCache(100);
    cache.set("a", bytes(40));
    cache.set("b", bytes(40));
    expect(cache.get("a")).toBeDefined(); // "b" is now the oldest
    cache.set("c", bytes(40));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
    expect(cache.totalBytes).toBe(80);
  });

  it("replaces an entry without counting it twice, and never keeps one larger than the budget", () => {
    const cache = new ByteBoundedCache(100);
    cache.set("a", bytes(60));
    cache.set("a", bytes(70));
    expect(cache.totalBytes).toBe(70);
    cache.set("huge", bytes(101));
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});
