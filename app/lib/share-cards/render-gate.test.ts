import { describe, expect, it } from "vitest";
import { RenderGate, RenderGateFull } from "./render-gate";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("the share-card render gate", () => {
  it("runs two at once, queues two more, refuses the next at once, and lets the queue through as slots free", async () => {
    const gate = new RenderGate(2, 2);
    const started: number[] = [];
    const blockers = Array.from({ length: 4 }, deferred);
    const runs = blockers.map((blocker, index) =>
      gate.run(async () => {
        started.push(index);
        await blocker.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ active: 2, waiting: 2 });
    await expect(gate.run(async () => "extra")).rejects.toBeInstanceOf(RenderGateFull);

    blockers[0]!.resolve();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    expect(gate.load).toEqual({ active: 2, waiting: 1 });
    for (const blocker of blockers) blocker.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it("frees the slot of a task that fails", async () => {
    const gate = new RenderGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error("bad logo")))).rejects.toThrow("bad logo");
    expect(await gate.run(async () => "next")).toBe("next");
  });
});
