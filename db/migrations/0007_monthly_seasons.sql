CREATE TABLE "member_places" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"baseline_rank" integer NOT NULL,
	"baseline_at" timestamp with time zone NOT NULL,
	"last_rank" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "season_points" (
	"season" date NOT NULL,
	"member_id" uuid NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL,
	"member_joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "season_points_season_member_id_pk" PRIMARY KEY("season","member_id")
);
--> statement-breakpoint
CREATE TABLE "season_standings" (
	"season" date NOT NULL,
	"position" integer NOT NULL,
	"member_id" uuid,
	"nickname" text NOT NULL,
	"points" integer NOT NULL,
	"referrals" integer NOT NULL,
	"rank" integer,
	"prize" text,
	"skip_reason" text,
	CONSTRAINT "season_standings_season_position_pk" PRIMARY KEY("season","position"),
	CONSTRAINT "season_standings_position_positive" CHECK ("season_standings"."position" > 0)
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"season" date PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"frozen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"winners_confirmed_at" timestamp with time zone,
	"winners_confirmed_by" text
);
--> statement-breakpoint
DROP INDEX "waitlist_users_ranking_idx";--> statement-breakpoint
ALTER TABLE "member_places" ADD CONSTRAINT "member_places_member_id_waitlist_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."waitlist_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_points" ADD CONSTRAINT "season_points_member_id_waitlist_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."waitlist_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_standings" ADD CONSTRAINT "season_standings_season_seasons_season_fk" FOREIGN KEY ("season") REFERENCES "public"."seasons"("season") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_standings" ADD CONSTRAINT "season_standings_member_id_waitlist_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."waitlist_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_winners_confirmed_by_users_id_fk" FOREIGN KEY ("winners_confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "season_points_ranking_idx" ON "season_points" USING btree ("season","points" DESC NULLS FIRST,"referrals" DESC NULLS FIRST,"member_joined_at","member_id");--> statement-breakpoint
CREATE INDEX "season_points_member_idx" ON "season_points" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "season_standings_member_idx" ON "season_standings" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "waitlist_users_ranking_idx" ON "waitlist_users" USING btree ("points" DESC NULLS FIRST,"referrals_made" DESC NULLS FIRST,"created_at","id") WHERE not "waitlist_users"."is_blocked";--> statement-breakpoint
-- The site's zone as stored by the settings screen (a validated IANA name), else the default.
CREATE OR REPLACE FUNCTION site_time_zone() RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT value #>> '{}' FROM site_settings WHERE key = 'site_time_zone'), 'America/Los_Angeles')
$$;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER points_ledger_track_seasons
AFTER INSERT ON points_ledger
FOR EACH ROW EXECUTE FUNCTION points_ledger_track_seasons();
--> statement-breakpoint
INSERT INTO season_points (season, member_id, points, referrals, member_joined_at)
SELECT date_trunc('month', l.created_at AT TIME ZONE site_time_zone())::date, l.member_id, sum(l.delta)::integer,
       coalesce(sum(sign(l.delta)) FILTER (WHERE l.reason = 'referral_credit'), 0)::integer, m.created_at
  FROM points_ledger l JOIN waitlist_users m ON m.id = l.member_id
 GROUP BY 1, 2, m.created_at;
