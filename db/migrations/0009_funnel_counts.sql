CREATE TABLE "funnel_daily_counts" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "funnel_daily_counts_day_metric_channel_pk" PRIMARY KEY("day","metric","channel"),
	CONSTRAINT "funnel_daily_counts_metric" CHECK ("funnel_daily_counts"."metric" in ('visit', 'visit_ref', 'share')),
	CONSTRAINT "funnel_daily_counts_channel" CHECK ("funnel_daily_counts"."channel" in ('', 'copy', 'facebook', 'x', 'linkedin', 'email')),
	CONSTRAINT "funnel_daily_counts_share_has_channel" CHECK ("funnel_daily_counts"."metric" <> 'share' or "funnel_daily_counts"."channel" <> ''),
	CONSTRAINT "funnel_daily_counts_count_non_negative" CHECK ("funnel_daily_counts"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD COLUMN "signup_via" text;--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "waitlist_users_confirmed_at_idx" ON "waitlist_users" USING btree ("confirmed_at") WHERE "waitlist_users"."confirmed_at" is not null;--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD CONSTRAINT "waitlist_users_signup_via" CHECK ("waitlist_users"."signup_via" in ('copy', 'facebook', 'x', 'linkedin', 'email'));