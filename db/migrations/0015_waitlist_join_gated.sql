-- One hit against a rate limit: a fixed window per key, shared by every app process.
-- The one definition, for consumeRateLimit (app/lib/security/rate-limit.server.ts) and
-- for waitlist_join_gated below. retry_after: seconds until the window ends.
CREATE FUNCTION rate_limit_hit(p_key text, p_window_seconds integer, OUT hits integer, OUT retry_after integer)
LANGUAGE plpgsql AS $$
-- PL/pgSQL, not SQL: it keeps the statement's plan for the session (ADR 0027).
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
--> statement-breakpoint
-- The form's gate and the join in one statement (ADR 0029): the bot guard's used challenge
-- and the rate limits were two more statements, and commits, before waitlist_join.
-- First a solved bot challenge is accepted once, then each rate limit is counted in the
-- order given (rate_limit_hit); the first refusal ends the call. Otherwise the join is
-- waitlist_join's (0014), unchanged.
-- outcome: waitlist_join's, or 'reused' (the challenge was used before: nothing written),
-- or 'limited': limit number refused_limit (1-based) is used up; its hit and the earlier
-- limits' are counted, nothing else is written; retry_after is in seconds.
CREATE FUNCTION waitlist_join_gated(
  p_challenge_signature text, p_challenge_expires_at timestamptz,
  p_limit_keys text[], p_limit_counts integer[], p_limit_windows integer[],
  p_id uuid, p_email text, p_identity text, p_code text, p_signup_points integer,
  p_refuse boolean, p_referral_code text,
  p_device text, p_country text, p_network text, p_via text, p_device_member_id text,
  p_mode text, p_alias boolean, p_disposable boolean, p_burst_limit integer, p_daily_cap integer,
  p_referrer_points integer, p_friend_points integer,
  p_welcome_subject text, p_welcome_html text, p_welcome_text text)
RETURNS TABLE (
  outcome text, refused_limit integer, retry_after integer, referral text, webhooks_enabled boolean,
  id uuid, email text, referral_code text, points integer, referrals_made integer,
  confirmed_email boolean, has_viewed_trailer boolean, is_blocked boolean, join_date timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_hits integer;
  v_retry integer;
BEGIN
  IF p_challenge_signature IS NOT NULL THEN
    INSERT INTO used_bot_challenges (signature, expires_at) VALUES (p_challenge_signature, p_challenge_expires_at)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RETURN QUERY SELECT 'reused', NULL::integer, NULL::integer, NULL::text, NULL::boolean, NULL::uuid, NULL::text, NULL::text,
                          NULL::integer, NULL::integer, NULL::boolean, NULL::boolean, NULL::boolean, NULL::timestamptz;
      RETURN;
    END IF;
  END IF;

  FOR i IN 1 .. coalesce(array_length(p_limit_keys, 1), 0) LOOP
    SELECT h.hits, h.retry_after INTO v_hits, v_retry FROM rate_limit_hit(p_limit_keys[i], p_limit_windows[i]) h;
    IF v_hits > p_limit_counts[i] THEN
      RETURN QUERY SELECT 'limited', i, v_retry, NULL::text, NULL::boolean, NULL::uuid, NULL::text, NULL::text,
                          NULL::integer, NULL::integer, NULL::boolean, NULL::boolean, NULL::boolean, NULL::timestamptz;
      RETURN;
    END IF;
  END LOOP;

  RETURN QUERY
    SELECT j.outcome, NULL::integer, NULL::integer, j.referral, j.webhooks_enabled, j.id, j.email, j.referral_code, j.points,
           j.referrals_made, j.confirmed_email, j.has_viewed_trailer, j.is_blocked, j.join_date
      FROM waitlist_join(p_id, p_email, p_identity, p_code, p_signup_points, p_refuse, p_referral_code,
                         p_device, p_country, p_network, p_via, p_device_member_id,
                         p_mode, p_alias, p_disposable, p_burst_limit, p_daily_cap,
                         p_referrer_points, p_friend_points,
                         p_welcome_subject, p_welcome_html, p_welcome_text) j;
END;
$$;
