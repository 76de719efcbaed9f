ALTER TABLE "referrals" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD COLUMN "signup_network" text;--> statement-breakpoint
CREATE INDEX "referrals_referrer_created_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_held_idx" ON "referrals" USING btree ("created_at") WHERE "referrals"."status" in ('pending', 'held');--> statement-breakpoint
CREATE INDEX "waitlist_users_signup_network_idx" ON "waitlist_users" USING btree ("signup_network","created_at");