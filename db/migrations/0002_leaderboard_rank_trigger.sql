-- Keeps leaderboard_score_counts equal to the number of listed (not blocked) members per
-- (points, referrals_made) pair. See docs/decisions/0003-leaderboard-rank.md.
CREATE OR REPLACE FUNCTION leaderboard_bump(p integer, r integer, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- A removal always finds its row; an upsert would check the constraint against a -1 row first.
  IF delta < 0 THEN
    UPDATE leaderboard_score_counts SET members = members + delta WHERE points = p AND referrals_made = r;
  ELSE
    INSERT INTO leaderboard_score_counts (points, referrals_made, members) VALUES (p, r, delta)
    ON CONFLICT (points, referrals_made) DO UPDATE SET members = leaderboard_score_counts.members + excluded.members;
  END IF;
END;
$$;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER waitlist_users_track_scores
AFTER INSERT OR DELETE OR UPDATE OF points, referrals_made, is_blocked ON waitlist_users
FOR EACH ROW EXECUTE FUNCTION waitlist_users_track_scores();
--> statement-breakpoint
INSERT INTO leaderboard_score_counts (points, referrals_made, members)
SELECT points, referrals_made, count(*)::integer FROM waitlist_users WHERE NOT is_blocked GROUP BY points, referrals_made
ON CONFLICT (points, referrals_made) DO UPDATE SET members = excluded.members;
