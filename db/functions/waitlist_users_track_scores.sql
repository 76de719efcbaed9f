-- Trigger on waitlist_users: keeps the leaderboard's score counts equal to the number of
-- listed (not blocked) members per (points, referrals_made) pair (ADR 0003).
CREATE OR REPLACE FUNCTION waitlist_users_track_scores() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  remove_old boolean := false;
  add_new boolean := false;
BEGIN
  IF TG_OP = 'INSERT' THEN
    add_new := NOT NEW.is_blocked;
  ELSIF TG_OP = 'DELETE' THEN
    remove_old := NOT OLD.is_blocked;
  ELSIF OLD.points IS DISTINCT FROM NEW.points
     OR OLD.referrals_made IS DISTINCT FROM NEW.referrals_made
     OR OLD.is_blocked IS DISTINCT FROM NEW.is_blocked THEN
    remove_old := NOT OLD.is_blocked;
    add_new := NOT NEW.is_blocked;
  END IF;

  -- Touch the two counter rows in one global order so concurrent updates cannot deadlock here.
  IF remove_old AND add_new AND (NEW.points, NEW.referrals_made) < (OLD.points, OLD.referrals_made) THEN
    PERFORM leaderboard_bump(NEW.points, NEW.referrals_made, 1);
    PERFORM leaderboard_bump(OLD.points, OLD.referrals_made, -1);
  ELSE
    IF remove_old THEN PERFORM leaderboard_bump(OLD.points, OLD.referrals_made, -1); END IF;
    IF add_new THEN PERFORM leaderboard_bump(NEW.points, NEW.referrals_made, 1); END IF;
  END IF;
  RETURN NULL;
END;
$$;
