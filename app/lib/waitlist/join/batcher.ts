/**
 * A queue that sends what arrives while the previous batch is out as one batch (ADR 0038).
 * Generic: the sign-up batch is its one user today.
 *
 * - Two items of one batch never share a claim (`claimsOf`): one waits for the next batch.
 * - Items are grouped by who sent them (`groupOf`, e.g. the client's address); each batch
 *   takes at most one item per group, round robin over the groups, so a flood from one
 *   address waits its turn behind nobody but itself.
 * - A group whose next item shares a claim with an item already in the batch keeps its
 *   place for the next batch but costs the batch nothing: the batch goes on to the groups
 *   behind it (ADR 0061). Posts of one address from many networks (one claim, many groups)
 *   then take one place per batch, not the whole batch. Taking a batch reads the groups
 *   until it is full, at worst every group (at most `maxWaiting`, a few thousand Set
 *   lookups).
 * - The queue is bounded: past `maxWaiting` items, or `maxWaitingPerGroup` of one group,
 *   `submit` refuses at once with `BatcherFullError` (answered 503 + Retry-After).
 */
export type BatcherOptions<Item, Result> = {
  run: (items: Item[]) => Promise<Result[]>;
  claimsOf: (item: Item) => string[];
  groupOf: (item: Item) => string;
  maxBatch: number;
  maxWaiting: number;
  maxWaitingPerGroup: number;
  /** Told each batch's size as it goes out. */
  onBatch?: (size: number, isBurst: boolean) => void;
  /** A failed batch's items are run again one by one, unless this says the failure is everyone's. */
  isSharedFailure?: (error: unknown) => boolean;
};

export class BatcherFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("the queue is full");
  }
}

type Waiting<Item, Result> = { item: Item; claims: string[]; resolve: (result: Result) => void; reject: (error: unknown) => void };

export type Batcher<Item, Result> = {
  submit: (item: Item) => Promise<Result>;
  /** Items waiting now (for tests and metrics). */
  waitingCount: () => number;
};

export function createBatcher<Item, Result>(options: BatcherOptions<Item, Result>): Batcher<Item, Result> {
  const { maxBatch, maxWaiting, maxWaitingPerGroup } = options;
  // Insertion order is the round robin: a group that gave an item moves to the back.
  const groups = new Map<string, Waiting<Item, Result>[]>();
  let waiting = 0;
  let inFlight = false;
  let isFlushScheduled = false;

  function takeBatch(): Waiting<Item, Result>[] {
    const batch: Waiting<Item, Result>[] = [];
    const claimed = new Set<string>();
    const served: string[] = [];
    for (const [group, queue] of groups) {
      if (batch.length >= maxBatch) break;
      const head = queue[0]!;
      if (head.claims.some((claim) => claimed.has(claim))) continue;
      for (const claim of head.claims) claimed.add(claim);
      batch.push(queue.shift()!);
      served.push(group);
    }
    for (const group of served) {
      const queue = groups.get(group)!;
      groups.delete(group);
      if (queue.length > 0) groups.set(group, queue);
    }
    waiting -= batch.length;
    return batch;
  }

  async function settle(batch: Waiting<Item, Result>[]) {
    try {
      const results = await options.run(batch.map((entry) => entry.item));
      batch.forEach((entry, index) => entry.resolve(results[index]!));
    } catch (error) {
      if (batch.length === 1 || options.isSharedFailure?.(error)) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      for (const entry of batch) {
        await options.run([entry.item]).then(([result]) => entry.resolve(result!), entry.reject);
      }
    }
  }

  function flush() {
    isFlushScheduled = false;
    if (inFlight || waiting === 0) return;
    const batch = takeBatch();
    options.onBatch?.(batch.length, batch.length > 1 || waiting > 0);
    inFlight = true;
    void settle(batch).finally(() => {
      inFlight = false;
      scheduleFlush();
    });
  }

  // After the items this turn of the event loop brought have joined the queue.
  function scheduleFlush() {
    if (isFlushScheduled || waiting === 0) return;
    isFlushScheduled = true;
    setImmediate(flush);
  }

  return {
    submit(item) {
      const group = options.groupOf(item);
      const queue = groups.get(group);
      if (waiting >= maxWaiting || (queue?.length ?? 0) >= maxWaitingPerGroup) return Promise.reject(new BatcherFullError(queue && queue.length >= maxWaitingPerGroup ? 10 : 2));
      return new Promise<Result>((resolve, reject) => {
        const entry = { item, claims: options.claimsOf(item), resolve, reject };
        if (queue) queue.push(entry);
        else groups.set(group, [entry]);
        waiting += 1;
        scheduleFlush();
      });
    },
    waitingCount: () => waiting,
  };
}
