CREATE TABLE "consent_refusals" (
	"parent_subject" text PRIMARY KEY NOT NULL,
	"refused_at" timestamp with time zone NOT NULL,
	"refused_until" timestamp with time zone NOT NULL,
	CONSTRAINT "consent_refusals_subject_is_a_hash" CHECK ("consent_refusals"."parent_subject" ~ '^[A-Za-z0-9_-]{22}$'),
	CONSTRAINT "consent_refusals_until_after_at" CHECK ("consent_refusals"."refused_until" > "consent_refusals"."refused_at")
);
--> statement-breakpoint
CREATE INDEX "consent_refusals_refused_until_idx" ON "consent_refusals" USING btree ("refused_until");