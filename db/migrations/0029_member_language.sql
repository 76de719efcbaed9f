-- Each member's language (issue 31): the site's language their browser preferred when they
-- joined, English for everyone before. A child's pending request keeps it for the membership.
ALTER TABLE "waitlist_users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD CONSTRAINT "waitlist_users_language" CHECK ("waitlist_users"."language" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "consent_requests" ADD CONSTRAINT "consent_requests_language" CHECK ("consent_requests"."language" in ('en', 'es'));--> statement-breakpoint
-- The join carries it (waitlist_join_batch); NULL is English.
ALTER TYPE waitlist_join_request ADD ATTRIBUTE language text;
