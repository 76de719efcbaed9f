-- Folds the visible changes into the counts in one statement; changes committed meanwhile
-- wait for the next fold. Returns how many changes it folded.
CREATE OR REPLACE FUNCTION leaderboard_fold() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  WITH moved AS (
    DELETE FROM leaderboard_score_deltas RETURNING points, referrals_made, members
  ), summed AS (
    SELECT points, referrals_made, sum(members)::integer AS members, count(*)::integer AS changes
      FROM moved GROUP BY points, referrals_made
  ), updated AS (
    UPDATE leaderboard_score_counts c SET members = c.members + s.members
      FROM summed s
     WHERE c.points = s.points AND c.referrals_made = s.referrals_made
    RETURNING c.points, c.referrals_made
  ), inserted AS (
    -- Only new buckets (never an upsert: its CHECK would see a proposed negative row first).
    -- Both run whether or not they are referenced (a data-modifying WITH always completes).
    INSERT INTO leaderboard_score_counts (points, referrals_made, members)
    SELECT s.points, s.referrals_made, s.members FROM summed s
     WHERE NOT EXISTS (SELECT 1 FROM updated u WHERE u.points = s.points AND u.referrals_made = s.referrals_made)
  )
  SELECT coalesce(sum(changes), 0)::integer INTO folded FROM summed;
  RETURN folded;
END;
$$;
