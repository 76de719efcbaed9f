import { sql, type SQL } from "drizzle-orm";
import { getEnv } from "../../kernel/env.server";

// The server's clock for time-based rules the end-to-end suite checks (the session idle
// timeout): PostgreSQL's now(), plus an offset that only a test server can move. The
// offset exists when TEST_CLOCK=true, which parseEnv refuses outside local mail mode (a
// loopback-only server without SMTP, where nobody else can sign in); it is set by
// POST /dev/clock?offsetMs=N from this machine (app/routes/dev/clock.ts), per process. ADR 0036.
let offsetMs = 0;

/** now() as the server's rules read it: PostgreSQL's clock, moved forward on a test server. */
export function serverNow(): SQL {
  if (offsetMs === 0) return sql`now()`;
  return sql`(now() + make_interval(secs => ${offsetMs / 1000}))`;
}

export function isTestClockEnabled(): boolean {
  return getEnv().TEST_CLOCK;
}

/** Sets how far the test server's clock runs ahead of PostgreSQL's (0 puts it back). */
export function setTestClockOffset(ms: number): void {
  if (!isTestClockEnabled()) throw new Error("TEST_CLOCK is off: the server's clock cannot be moved");
  offsetMs = ms;
}
