/**
 * How fast a broadcast goes out, in messages per minute for the whole site (every process
 * together): set in Site Settings to what the studio's mail provider accepts. The cap is
 * 2,000 a second (ADR 0068): above what one SMTP relay takes from one sender, so the cap is
 * the provider's, never the app's.
 */
export const BROADCAST_PACE = { min: 1, max: 120_000, fallback: 600 } as const;
