CREATE TABLE "consent_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"parent_email" text NOT NULL,
	"parent_identity" text NOT NULL,
	"privacy_notice_version" integer NOT NULL,
	"referrer_id" uuid,
	"signup_via" text,
	"signup_network" text,
	"signup_device" text,
	"signup_country" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consent_requests_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "consent_requests_parent_email_normalised" CHECK ("consent_requests"."parent_email" = lower(btrim("consent_requests"."parent_email")) and "consent_requests"."parent_email" <> ''),
	CONSTRAINT "consent_requests_expiry_after_request" CHECK ("consent_requests"."expires_at" > "consent_requests"."requested_at")
);
--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD COLUMN "age_band" text;--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD COLUMN "consent_method" text;--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD COLUMN "privacy_notice_version" integer;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD CONSTRAINT "consent_requests_referrer_id_waitlist_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."waitlist_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_requests_expires_at_idx" ON "consent_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "consent_requests_parent_identity_idx" ON "consent_requests" USING btree ("parent_identity");--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD CONSTRAINT "waitlist_users_age_band" CHECK ("waitlist_users"."age_band" in ('under_consent_age', 'consent_age_or_over'));--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD CONSTRAINT "waitlist_users_consent_record" CHECK (("waitlist_users"."consent_method" is null and "waitlist_users"."consent_at" is null and "waitlist_users"."privacy_notice_version" is null) or ("waitlist_users"."consent_method" in ('self', 'parent_email_plus') and "waitlist_users"."consent_at" is not null and "waitlist_users"."privacy_notice_version" is not null and "waitlist_users"."age_band" is not null));