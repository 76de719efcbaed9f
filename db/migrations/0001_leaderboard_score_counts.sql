CREATE TABLE "leaderboard_score_counts" (
	"points" integer NOT NULL,
	"referrals_made" integer NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "leaderboard_score_counts_points_referrals_made_pk" PRIMARY KEY("points","referrals_made"),
	CONSTRAINT "leaderboard_score_counts_members_non_negative" CHECK ("leaderboard_score_counts"."members" >= 0)
);
