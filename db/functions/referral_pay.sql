-- Pays a referral: points and one referral to the referrer, points to the friend, their
-- ledger rows (dated p_at) and the referral.credited event. False (nothing changed) when
-- the referrer has been blocked meanwhile.
CREATE OR REPLACE FUNCTION referral_pay(p_referrer uuid, p_referred uuid, p_referrer_points integer, p_friend_points integer, p_at timestamptz)
RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE waitlist_users
     SET points = points + p_referrer_points, referrals_made = referrals_made + 1, updated_at = now()
   WHERE id = p_referrer AND NOT is_blocked;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  UPDATE waitlist_users SET points = points + p_friend_points, updated_at = now() WHERE id = p_referred;
  INSERT INTO points_ledger (member_id, delta, reason, related_member_id, created_at)
  VALUES (p_referrer, p_referrer_points, 'referral_credit', p_referred, p_at),
         (p_referred, p_friend_points, 'referral_bonus', p_referrer, p_at);
  PERFORM webhook_enqueue('referral.credited',
    jsonb_build_object('referrerId', p_referrer, 'referredId', p_referred,
                       'referrerPoints', p_referrer_points, 'friendPoints', p_friend_points),
    now());
  RETURN true;
END;
$$;
