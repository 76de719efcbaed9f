/** The spec's warning countdown: 60 s, unless the timeout is too short for it. */
export const WARNING_MS = 60_000;
/** A busy tab tells the server it is in use at most this often. */
export const MAX_REPORT_INTERVAL_MS = 60_000;

export type IdleTiming = {
  timeoutMs: number;
  /** How long before the timeout the warning opens (react-idle-timer's promptBeforeIdle). */
  warningMs: number;
  /**
   * How often, at most, a busy tab reports activity, and the server records a session's
   * activity on ordinary requests: a fraction of the timeout, so a tab in use is never
   * idle on the server.
   */
  reportIntervalMs: number;
};

/**
 * The session timeout's timings for a timeout of `timeoutMinutes` (1–10,080; 0 or less
 * means off, null). The warning is always shorter than the timeout — 60 s, or half the
 * timeout when that is shorter — and activity is reported four times per timeout, at
 * most once a minute.
 */
export function idleTimingFor(timeoutMinutes: number): IdleTiming | null {
  if (!(timeoutMinutes > 0)) return null;
  const timeoutMs = timeoutMinutes * 60_000;
  return {
    timeoutMs,
    warningMs: Math.min(WARNING_MS, timeoutMs / 2),
    reportIntervalMs: Math.min(MAX_REPORT_INTERVAL_MS, timeoutMs / 4),
  };
}
