ALTER TABLE "waitlist_users" ADD COLUMN "consent_country" text;--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD COLUMN "consent_age" integer;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD COLUMN "consent_country" text;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD COLUMN "consent_age" integer;--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD CONSTRAINT "waitlist_users_consent_country" CHECK ("waitlist_users"."consent_country" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD CONSTRAINT "waitlist_users_consent_age" CHECK ("waitlist_users"."consent_age" between 0 and 21);--> statement-breakpoint
ALTER TABLE "consent_requests" ADD CONSTRAINT "consent_requests_consent_country" CHECK ("consent_requests"."consent_country" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "consent_requests" ADD CONSTRAINT "consent_requests_consent_age" CHECK ("consent_requests"."consent_age" between 0 and 21);--> statement-breakpoint
-- The join carries the country given on the age question and the consent age it chose (ADR 0063):
-- waitlist_join_batch writes them on the new member's row.
ALTER TYPE waitlist_join_request ADD ATTRIBUTE consent_country text;--> statement-breakpoint
ALTER TYPE waitlist_join_request ADD ATTRIBUTE consent_age integer;
