-- Records a change to the number of listed members at (points, referrals_made). Every
-- change is appended, never updated in place (ADR 0038), so concurrent sign-ups do not
-- queue on one counter row; leaderboard_fold adds them into leaderboard_score_counts.
-- PL/pgSQL keeps its plan for the session (a SQL function is planned at every call, ADR 0038).
CREATE OR REPLACE FUNCTION leaderboard_bump(p integer, r integer, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leaderboard_score_deltas (points, referrals_made, members) VALUES (p, r, delta);
END;
$$;
