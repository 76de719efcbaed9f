// Whether this process is in the middle of a burst of sign-ups: joins queuing up behind a
// batch in the database (ADR 0038). Background work that can wait — a burst's welcome
// e-mails — takes only a small share of the process meanwhile (ADR 0038).

/** How long a burst counts as going on after joins last queued up. */
export const BURST_HOLD_MS = 1_000;

let burstUntil = 0;

/** The join batcher saw joins waiting for a batch. */
export function noteSignupBurst(now = Date.now()): void {
  burstUntil = now + BURST_HOLD_MS;
}

export function isSignupBurstOn(now = Date.now()): boolean {
  return now < burstUntil;
}
