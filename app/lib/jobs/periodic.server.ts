import { log } from "../../kernel/log.server";

/**
 * Runs `work` now and then every `intervalMs` in this process, never two runs at once; a
 * failure is logged and the next tick tries again. `stop` waits for a run in progress.
 */
export function startPeriodicJob(name: string, work: () => Promise<void>, intervalMs: number) {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= work()
      .catch((error: unknown) => log.warn(`${name} failed; retrying at the next run`, { error }))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
