ALTER TABLE "waitlist_users" DROP CONSTRAINT "waitlist_users_email_unique";--> statement-breakpoint
ALTER TABLE "waitlist_users" DROP CONSTRAINT "waitlist_users_email_identity_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_users_own_email_key" ON "waitlist_users" USING btree ("email") WHERE "waitlist_users"."consent_method" is distinct from 'parent_email_plus';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_users_own_identity_key" ON "waitlist_users" USING btree ("email_identity") WHERE "waitlist_users"."consent_method" is distinct from 'parent_email_plus';--> statement-breakpoint
CREATE INDEX "waitlist_users_family_idx" ON "waitlist_users" USING btree ("email_identity");--> statement-breakpoint
CREATE INDEX "waitlist_users_email_idx" ON "waitlist_users" USING btree ("email");