/**
 * Keys a rate limit in the database has refused, and when their window opens again, as
 * this process learnt it: a flood's later requests on such a key are refused at once,
 * without a statement, until then. The database stays the one count; a memo only
 * remembers a "no" it gave. Bounded: when full, the oldest entry goes first.
 */
export type RefusalMemo = {
  remember(key: string, retryAfterSeconds: number, now?: number): void;
  /** The seconds left of a refusal remembered for `key`, or null when there is none. */
  secondsLeft(key: string, now?: number): number | null;
  /** Forgets everything (the tests' fresh database). */
  clear(): void;
  size(): number;
};

const memos: RefusalMemo[] = [];

export function createRefusalMemo(maxKeys = 10_000): RefusalMemo {
  const refusedUntil = new Map<string, number>();
  const memo: RefusalMemo = {
    remember(key, retryAfterSeconds, now = Date.now()) {
      refusedUntil.delete(key);
      if (refusedUntil.size >= maxKeys) {
        const oldest = refusedUntil.keys().next();
        if (!oldest.done) refusedUntil.delete(oldest.value);
      }
      refusedUntil.set(key, now + retryAfterSeconds * 1000);
    },
    secondsLeft(key, now = Date.now()) {
      const until = refusedUntil.get(key);
      if (until === undefined) return null;
      if (until > now) return Math.ceil((until - now) / 1000);
      refusedUntil.delete(key);
      return null;
    },
    clear: () => refusedUntil.clear(),
    size: () => refusedUntil.size,
  };
  memos.push(memo);
  return memo;
}

/** Forgets every memo's refusals (the tests' fresh database). */
export function forgetRememberedRefusals(): void {
  for (const memo of memos) memo.clear();
}
