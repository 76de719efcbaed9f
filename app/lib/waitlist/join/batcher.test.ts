import { describe, expect, it } from "vitest";
import { BatcherFullError, createBatcher, type BatcherOptions } from "./batcher";

type Item = { id: string; group: string; claims?: string[] };

/** A batcher whose run answers each item with its id and records every batch it got. */
function recordingBatcher(overrides: Partial<BatcherOptions<Item, string>> = {}) {
  const batches: string[][] = [];
  const batcher = createBatcher<Item, string>({
    run: async (items) => {
      batches.push(items.map((item) => item.id));
      await new Promise((resolve) => setTimeout(resolve, 1));
      return items.map((item) => `done ${item.id}`);
    },
    claimsOf: (item) => [`group:${item.group}`, ...(item.claims ?? [])],
    groupOf: (item) => item.group,
    maxBatch: 8,
    maxWaiting: 10_000,
    maxWaitingPerGroup: 10_000,
    ...overrides,
  });
  return { batcher, batches };
}

describe("the join batcher", () => {
  it("sends what arrives together as one batch and answers each with its own result", async () => {
    const { batcher, batches } = recordingBatcher();
    const results = await Promise.all(["a", "b", "c"].map((id) => batcher.submit({ id, group: id })));
    expect(results).toEqual(["done a", "done b", "done c"]);
    expect(batches).toEqual([["a", "b", "c"]]);
  });

  it("never puts two items with a shared claim in one batch", async () => {
    const { batcher, batches } = recordingBatcher();
    await Promise.all([
      batcher.submit({ id: "a", group: "1", claims: ["identity:ada"] }),
      batcher.submit({ id: "b", group: "2", claims: ["identity:ada"] }),
      batcher.submit({ id: "c", group: "3" }),
    ]);
    expect(batches).toEqual([["a", "c"], ["b"]]);
  });

  it("lets another visitor through in the next batch while one address floods the queue", async () => {
    const { batcher, batches } = recordingBatcher();
    const flood = Array.from({ length: 500 }, (_, index) => batcher.submit({ id: `flood${index}`, group: "203.0.113.0/24" }));
    await new Promise((resolve) => setImmediate(resolve));
    const calm = batcher.submit({ id: "calm", group: "198.51.100.0/24" });
    await calm;
    expect(batches.findIndex((batch) => batch.includes("calm"))).toBeLessThanOrEqual(1);
    expect(batches.every((batch) => batch.filter((id) => id.startsWith("flood")).length <= 1)).toBe(true);
    await Promise.all(flood);
  });

  it("does not let posts of one address from many networks stall the distinct sign-ups behind them", async () => {
    const { batcher, batches } = recordingBatcher();
    // 128 networks post the same address (one claim) ahead of 14 honest visitors.
    const flood = Array.from({ length: 128 }, (_, index) => batcher.submit({ id: `flood${index}`, group: `net${index}`, claims: ["identity:victim"] }));
    const honest = Array.from({ length: 14 }, (_, index) => batcher.submit({ id: `honest${index}`, group: `home${index}` }));
    await Promise.all(honest);
    // The honest ones go out together, beside one flood post a batch: two batches of 8.
    const withHonest = batches.filter((batch) => batch.some((id) => id.startsWith("honest")));
    expect(withHonest).toHaveLength(2);
    expect(batches.indexOf(withHonest[1]!)).toBe(1);
    expect(batches.every((batch) => batch.filter((id) => id.startsWith("flood")).length === 1)).toBe(true);
    await Promise.all(flood);
    expect(batches.flat()).toHaveLength(142);
  });

  it("refuses at once, with a time to retry, past its bound or past one group's share", async () => {
    const { batcher } = recordingBatcher({ maxWaiting: 6, maxWaitingPerGroup: 3 });
    const accepted = [1, 2, 3].map((index) => batcher.submit({ id: `x${index}`, group: "x" }));
    await expect(batcher.submit({ id: "x4", group: "x" })).rejects.toBeInstanceOf(BatcherFullError);
    const others = [1, 2, 3].map((index) => batcher.submit({ id: `y${index}`, group: `y${index}` }));
    const refused = await batcher.submit({ id: "z", group: "z" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BatcherFullError);
    expect((refused as BatcherFullError).retryAfterSeconds).toBeGreaterThan(0);
    expect(await Promise.all([...accepted, ...others])).toHaveLength(6);
    expect(batcher.waitingCount()).toBe(0);
    expect(await batcher.submit({ id: "z", group: "z" })).toBe("done z");
  });

  it("runs a failed batch's items one by one, so one bad item fails alone", async () => {
    const batcher = createBatcher<Item, string>({
      run: async (items) => {
        if (items.some((item) => item.id === "bad")) throw new Error("refused by the database");
        return items.map((item) => `done ${item.id}`);
      },
      claimsOf: () => [],
      groupOf: (item) => item.group,
      maxBatch: 8,
      maxWaiting: 100,
      maxWaitingPerGroup: 100,
    });
    const settled = await Promise.allSettled(["a", "bad", "c"].map((id) => batcher.submit({ id, group: id })));
    expect(settled.map((result) => (result.status === "fulfilled" ? result.value : "failed"))).toEqual(["done a", "failed", "done c"]);
  });
});
