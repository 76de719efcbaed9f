CREATE TABLE "privacy_notice_versions" (
	"version" serial PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"facts" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_notice_versions_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD COLUMN "consent_confirmation_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "waitlist_users_consent_confirmation_due_idx" ON "waitlist_users" USING btree ("consent_confirmation_due_at") WHERE "waitlist_users"."consent_confirmation_due_at" is not null;--> statement-breakpoint
-- A join also records its consent (ADR 0041): the age band, how consent was given, the
-- privacy notice version, and for a parent's approval when the confirmation e-mail is due.
ALTER TYPE waitlist_join_request
  ADD ATTRIBUTE age_band text,
  ADD ATTRIBUTE consent_method text,
  ADD ATTRIBUTE notice_version integer,
  ADD ATTRIBUTE confirm_consent_after_seconds integer;
