/**
 * How fast a broadcast goes out, in messages per minute for the whole site (every process
 * together): set in Site Settings to what the studio's mail provider accepts. The cap is
 * 1,000 a second, above what one SMTP relay takes from one sender.
 */
export const BROADCAST_PACE = { min: 1, max: 60_000, fallback: 600 } as const;
