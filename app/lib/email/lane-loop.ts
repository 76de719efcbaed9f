/**
 * Runs `run` again and again, one run at a time: after the delay the run returns, or at
 * once when woken (a wake never pushes a run already due sooner further away, and one
 * during a run makes another follow at once). A run that throws is reported and retried
 * after `retryMs`. `stop` waits for the run in hand.
 */
export function startLaneLoop(run: () => Promise<number>, { onError, retryMs }: { onError: (error: unknown) => void; retryMs: number }) {
  let timer: NodeJS.Timeout | undefined;
  let timerDueAt = Infinity;
  let running: Promise<void> | undefined;
  let hasMoreWork = false;
  let stopped = false;

  const schedule = (delayMs: number) => {
    if (stopped || Date.now() + delayMs >= timerDueAt) return;
    clearTimeout(timer);
    timerDueAt = Date.now() + delayMs;
    timer = setTimeout(tick, delayMs);
  };

  function tick() {
    timerDueAt = Infinity;
    if (running) {
      hasMoreWork = true;
      return;
    }
    let delay = retryMs;
    running = run()
      .then((next) => void (delay = next))
      .catch(onError)
      .finally(() => {
        running = undefined;
        const next = hasMoreWork ? 0 : delay;
        hasMoreWork = false;
        schedule(next);
      });
  }

  schedule(0);
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
