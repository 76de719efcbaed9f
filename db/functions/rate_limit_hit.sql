-- One hit against a rate limit: a fixed window per key, shared by every app process.
-- The one definition of a window; rate_limits_hit counts a request's limits with it.
-- retry_after: seconds until the window ends. PL/pgSQL keeps the statement's plan for the
-- session (ADR 0038).
CREATE OR REPLACE FUNCTION rate_limit_hit(p_key text, p_window_seconds integer, OUT hits integer, OUT retry_after integer)
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rate_limits AS r (key, hits, window_started_at) VALUES (p_key, 1, now())
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.window_started_at <= now() - make_interval(secs => p_window_seconds) THEN 1 ELSE r.hits + 1 END,
    window_started_at = CASE WHEN r.window_started_at <= now() - make_interval(secs => p_window_seconds)
                             THEN now() ELSE r.window_started_at END
  RETURNING r.hits, greatest(1, ceil(extract(epoch from (r.window_started_at + make_interval(secs => p_window_seconds) - now()))))::integer
    INTO hits, retry_after;
END;
$$;
