CREATE TABLE "leaderboard_score_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"referrals_made" integer NOT NULL,
	"members" integer NOT NULL
);
--> statement-breakpoint
-- Every change to a (points, referrals_made) bucket is appended, never updated in place
-- (ADR 0022): the rank trigger no longer makes concurrent sign-ups queue on one row.
CREATE OR REPLACE FUNCTION leaderboard_bump(p integer, r integer, delta integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO leaderboard_score_deltas (points, referrals_made, members) VALUES (p, r, delta);
$$;
--> statement-breakpoint
-- What the leaderboard reads: folded counts plus the changes not folded yet. A filter on
-- (points, referrals_made) is pushed into both branches, so a rank still walks the index.
CREATE VIEW leaderboard_scores AS
SELECT points, referrals_made, sum(members)::integer AS members
  FROM (SELECT points, referrals_made, members FROM leaderboard_score_counts
        UNION ALL
        SELECT points, referrals_made, members FROM leaderboard_score_deltas) AS parts
 GROUP BY points, referrals_made;
--> statement-breakpoint
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
