// The API's rate limits, counted in the shared rate_limits table (consumeRateLimit); the
// dispatcher applies them and the OpenAPI document states them.

/** Requests per key. */
export const API_RATE_LIMIT = { limit: 600, windowSeconds: 60 };
/** Requests with a missing, wrong, revoked or expired key, per client network (ADR 0035). */
export const API_AUTH_FAILURE_LIMIT = { limit: 20, windowSeconds: 600 };
