-- waitlist_join as in 0012, except the fair-play counts: they read at most
-- greatest(burst limit, daily cap) of the referrer's newest referrals (ADR 0028).
-- Puts an address on the waitlist (see joinWaitlist in app/lib/waitlist/join.server.ts).
-- outcome: 'joined', 'existing' (this person is already listed: nothing written),
-- 'throwaway' (new address at a refused domain: nothing written) or 'code_taken' (the
-- candidate referral code belongs to someone else: nothing written, try another).
-- The member's columns come back for 'joined' and 'existing'.
CREATE OR REPLACE FUNCTION waitlist_join(
  p_id uuid, p_email text, p_identity text, p_code text, p_signup_points integer,
  p_refuse boolean, p_referral_code text,
  p_device text, p_country text, p_network text, p_via text, p_device_member_id text,
  p_mode text, p_alias boolean, p_disposable boolean, p_burst_limit integer, p_daily_cap integer,
  p_referrer_points integer, p_friend_points integer,
  p_welcome_subject text, p_welcome_html text, p_welcome_text text)
RETURNS TABLE (
  outcome text, referral text, webhooks_enabled boolean,
  id uuid, email text, referral_code text, points integer, referrals_made integer,
  confirmed_email boolean, has_viewed_trailer boolean, is_blocked boolean, join_date timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_referrer uuid;
  v_referral text;
  v_signals text[] := '{}';
  v_last_hour integer;
  v_last_day integer;
  v_paid boolean;
BEGIN
  RETURN QUERY
    SELECT 'existing', NULL::text, NULL::boolean, m.id, m.email, m.referral_code, m.points, m.referrals_made,
           m.confirmed_email, m.has_viewed_trailer, m.is_blocked, m.join_date
      FROM waitlist_users m WHERE m.email_identity = p_identity;
  IF FOUND THEN
    RETURN;
  END IF;
  IF p_refuse THEN
    RETURN QUERY SELECT 'throwaway', NULL::text, NULL::boolean, NULL::uuid, NULL::text, NULL::text, NULL::integer,
                        NULL::integer, NULL::boolean, NULL::boolean, NULL::boolean, NULL::timestamptz;
    RETURN;
  END IF;

  -- The referrer first, locked to this join: concurrent joins through one link then see
  -- each other when counting bursts and the daily cap. Never the new identity itself.
  IF p_referral_code IS NOT NULL THEN
    SELECT u.id INTO v_referrer FROM waitlist_users u
     WHERE u.referral_code = p_referral_code AND NOT u.is_blocked AND u.email_identity <> p_identity
       FOR UPDATE;
  END IF;

  INSERT INTO waitlist_users AS u (id, email, email_identity, referral_code, points, referred_by_user_id,
                                   signup_device, signup_country, signup_network, signup_via)
  VALUES (p_id, p_email, p_identity, p_code, p_signup_points, v_referrer, p_device, p_country, p_network, p_via)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    -- The unique identity decides under concurrency, not the read above.
    RETURN QUERY
      SELECT 'existing', NULL::text, NULL::boolean, m.id, m.email, m.referral_code, m.points, m.referrals_made,
             m.confirmed_email, m.has_viewed_trailer, m.is_blocked, m.join_date
        FROM waitlist_users m WHERE m.email_identity = p_identity;
    IF NOT FOUND THEN
      RETURN QUERY SELECT 'code_taken', NULL::text, NULL::boolean, NULL::uuid, NULL::text, NULL::text, NULL::integer,
                          NULL::integer, NULL::boolean, NULL::boolean, NULL::boolean, NULL::timestamptz;
    END IF;
    RETURN;
  END IF;
  INSERT INTO points_ledger (member_id, delta, reason) VALUES (p_id, p_signup_points, 'signup');

  IF v_referrer IS NOT NULL THEN
    -- Fair-play signals, in the order the review queue shows them.
    -- Only whether the burst limit and the daily cap are reached matters: the newest
    -- greatest(limit, cap) referrals of the day tell both, however many a popular
    -- referrer had today (an unbounded count read them all at every sign-up).
    SELECT count(*) FILTER (WHERE recent.created_at > now() - interval '1 hour')::integer, count(*)::integer
      INTO v_last_hour, v_last_day
      FROM (SELECT r.created_at FROM referrals r
             WHERE r.referrer_id = v_referrer AND r.created_at > now() - interval '1 day'
             ORDER BY r.created_at DESC
             LIMIT greatest(p_burst_limit, p_daily_cap)) recent;
    IF p_network IS NOT NULL AND EXISTS (
         SELECT 1 FROM waitlist_users u
          WHERE u.signup_network = p_network AND u.created_at > now() - interval '1 day' AND u.id <> p_id
            AND (u.id = v_referrer OR u.referred_by_user_id = v_referrer)) THEN
      v_signals := v_signals || 'same_network'::text;
    END IF;
    IF p_device_member_id IS NOT NULL AND p_device_member_id <> p_id::text THEN
      v_signals := v_signals || 'same_device'::text;
    END IF;
    IF v_last_hour >= p_burst_limit THEN v_signals := v_signals || 'burst'::text; END IF;
    IF v_last_day >= p_daily_cap THEN v_signals := v_signals || 'daily_cap'::text; END IF;
    IF p_alias THEN v_signals := v_signals || 'alias'::text; END IF;
    IF p_disposable THEN v_signals := v_signals || 'disposable'::text; END IF;

    IF cardinality(v_signals) > 0 THEN
      INSERT INTO referrals (referrer_id, referred_id, status, reasons) VALUES (v_referrer, p_id, 'held', v_signals);
      PERFORM webhook_enqueue('referral.held',
        jsonb_build_object('referrerId', v_referrer, 'referredId', p_id, 'reasons', to_jsonb(v_signals)), now());
      v_referral := 'held';
    ELSIF p_mode = 'confirm' THEN
      INSERT INTO referrals (referrer_id, referred_id, status) VALUES (v_referrer, p_id, 'pending');
      v_referral := 'pending';
    ELSE
      v_paid := referral_pay(v_referrer, p_id, p_referrer_points, p_friend_points);
      INSERT INTO referrals (referrer_id, referred_id, status, decided_at, reasons)
      VALUES (v_referrer, p_id, CASE WHEN v_paid THEN 'credited' ELSE 'rejected' END, now(),
              CASE WHEN v_paid THEN '{}'::text[] ELSE '{referrer_blocked}'::text[] END);
      v_referral := 'credited';
    END IF;
  END IF;

  INSERT INTO email_outbox (kind, to_address, subject, html, text)
  VALUES ('welcome', p_email, p_welcome_subject, p_welcome_html, p_welcome_text);
  PERFORM webhook_enqueue('member.joined',
    jsonb_build_object('memberId', p_id, 'email', p_email, 'referralCode', p_code,
                       'referredBy', v_referrer, 'referral', v_referral), now());
  RETURN QUERY
    -- Whether to wake this process's webhook sender now rather than at its next poll.
    SELECT 'joined', v_referral, EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.is_enabled), m.id, m.email, m.referral_code, m.points, m.referrals_made,
           m.confirmed_email, m.has_viewed_trailer, m.is_blocked, m.join_date
      FROM waitlist_users m WHERE m.id = p_id;
END;
$$;
