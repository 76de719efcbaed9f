-- Adds each ledger row to its member's season (the month of created_at in the site's zone).
-- See docs/decisions/0016-monthly-seasons.md.
CREATE OR REPLACE FUNCTION points_ledger_track_seasons() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO season_points (season, member_id, points, referrals, member_joined_at)
  VALUES (
    date_trunc('month', NEW.created_at AT TIME ZONE site_time_zone())::date,
    NEW.member_id,
    NEW.delta,
    CASE WHEN NEW.reason = 'referral_credit' THEN sign(NEW.delta)::integer ELSE 0 END,
    (SELECT created_at FROM waitlist_users WHERE id = NEW.member_id))
  ON CONFLICT (season, member_id) DO UPDATE
    SET points = season_points.points + excluded.points, referrals = season_points.referrals + excluded.referrals;
  RETURN NULL;
END;
$$;
