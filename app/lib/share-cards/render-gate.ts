/** Thrown when every render slot and every place in the queue is taken: answer 503, don't pile up. */
export class RenderGateFull extends Error {
  constructor() {
    super("every share-card render slot and queue place is taken");
  }
}

/**
 * At most `concurrency` tasks at once and at most `queueLimit` waiting; beyond that `run`
 * refuses at once with RenderGateFull instead of queueing more work than the process can
 * draw (each card costs 30–90 ms of CPU, the first about 0.5 s).
 */
export class RenderGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.queueLimit) throw new RenderGateFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next(); // the slot passes straight to the next in line
      else this.active--;
    }
  }

  /** Slots in use and tasks waiting, for tests and metrics. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }
}
