CREATE TABLE "email_suppressions" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_suppressions_hash_hex" CHECK ("email_suppressions"."email_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "email_suppressions_reason" CHECK ("email_suppressions"."reason" in ('unsubscribed', 'bounced', 'complained'))
);
