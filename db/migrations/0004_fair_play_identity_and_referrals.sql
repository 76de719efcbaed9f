CREATE TABLE "referrals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"referred_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "referrals_referred_id_unique" UNIQUE("referred_id"),
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referrer_id" <> "referrals"."referred_id")
);
--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD COLUMN "email_identity" text;--> statement-breakpoint
-- The same rule as app/lib/waitlist/email-identity.ts: lower case, "+tag" removed, and for
-- gmail.com/googlemail.com dots removed and one domain. Members who already share an
-- identity keep their rows; all but the first get a unique identity (a space cannot occur
-- in an address), so the new rule applies to joins from now on.
WITH parts AS (
	SELECT "id", "created_at",
		coalesce(nullif(split_part(split_part("email", '@', 1), '+', 1), ''), split_part("email", '@', 1)) AS "local",
		split_part("email", '@', 2) AS "domain"
	FROM "waitlist_users"
), identities AS (
	SELECT "id",
		CASE WHEN "domain" IN ('gmail.com', 'googlemail.com') THEN replace("local", '.', '') || '@gmail.com' ELSE "local" || '@' || "domain" END AS "identity",
		row_number() OVER (PARTITION BY CASE WHEN "domain" IN ('gmail.com', 'googlemail.com') THEN replace("local", '.', '') || '@gmail.com' ELSE "local" || '@' || "domain" END ORDER BY "created_at", "id") AS "nth"
	FROM parts
)
UPDATE "waitlist_users" SET "email_identity" = CASE WHEN identities."nth" = 1 THEN identities."identity" ELSE identities."identity" || ' ' || identities."id" END
FROM identities WHERE identities."id" = "waitlist_users"."id";--> statement-breakpoint
ALTER TABLE "waitlist_users" ALTER COLUMN "email_identity" SET NOT NULL;--> statement-breakpoint
-- Every referral so far was credited when the friend joined (the spec's rule).
INSERT INTO "referrals" ("referrer_id", "referred_id", "status", "created_at", "decided_at")
SELECT "referred_by_user_id", "id", 'credited', "created_at", "created_at" FROM "waitlist_users" WHERE "referred_by_user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_waitlist_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."waitlist_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_id_waitlist_users_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."waitlist_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_referrer_status_idx" ON "referrals" USING btree ("referrer_id","status");--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD CONSTRAINT "waitlist_users_email_identity_unique" UNIQUE("email_identity");