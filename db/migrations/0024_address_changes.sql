CREATE TABLE "address_changes" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "address_changes_new_email_normalised" CHECK ("address_changes"."new_email" = lower(btrim("address_changes"."new_email")) and "address_changes"."new_email" <> ''),
	CONSTRAINT "address_changes_expiry_after_request" CHECK ("address_changes"."expires_at" > "address_changes"."requested_at")
);
--> statement-breakpoint
ALTER TABLE "address_changes" ADD CONSTRAINT "address_changes_member_id_waitlist_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."waitlist_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_changes_member_id_idx" ON "address_changes" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "address_changes_expires_at_idx" ON "address_changes" USING btree ("expires_at");