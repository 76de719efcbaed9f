CREATE TABLE "broadcasts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"audience" jsonb NOT NULL,
	"status" text NOT NULL,
	"audience_count" integer NOT NULL,
	"scheduled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_through" uuid,
	"queued_at" timestamp with time zone,
	"next_send_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rehearsal" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "broadcasts_status" CHECK ("broadcasts"."status" in ('scheduled', 'sending', 'paused', 'cancelled', 'finished')),
	CONSTRAINT "broadcasts_audience_count_non_negative" CHECK ("broadcasts"."audience_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_invites" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"wave_id" bigint NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "waves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"audience" jsonb NOT NULL,
	"invited_count" integer DEFAULT 0 NOT NULL,
	"rehearsal" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waves_invited_non_negative" CHECK ("waves"."invited_count" >= 0)
);
--> statement-breakpoint
DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
DROP INDEX "email_outbox_urgent_due_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "broadcast_id" bigint;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "rehearsal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "rehearsal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invites" ADD CONSTRAINT "member_invites_member_id_waitlist_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."waitlist_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invites" ADD CONSTRAINT "member_invites_wave_id_waves_id_fk" FOREIGN KEY ("wave_id") REFERENCES "public"."waves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waves" ADD CONSTRAINT "waves_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcasts_active_idx" ON "broadcasts" USING btree ("scheduled_at") WHERE "broadcasts"."status" in ('scheduled', 'sending');--> statement-breakpoint
CREATE INDEX "member_invites_wave_idx" ON "member_invites" USING btree ("wave_id","admitted_at");--> statement-breakpoint
CREATE INDEX "member_invites_admitted_idx" ON "member_invites" USING btree ("admitted_at");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_broadcast_due_idx" ON "email_outbox" USING btree ("broadcast_id","id") WHERE "email_outbox"."status" = 'pending' and "email_outbox"."broadcast_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_broadcast_member_idx" ON "email_outbox" USING btree ("broadcast_id","member_id") WHERE "email_outbox"."broadcast_id" is not null;--> statement-breakpoint
CREATE INDEX "email_outbox_broadcast_status_idx" ON "email_outbox" USING btree ("broadcast_id","status") WHERE "email_outbox"."broadcast_id" is not null;--> statement-breakpoint
CREATE INDEX "email_outbox_rehearsal_idx" ON "email_outbox" USING btree ("id") WHERE "email_outbox"."rehearsal";--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at","id") WHERE "email_outbox"."status" = 'pending' and "email_outbox"."broadcast_id" is null;--> statement-breakpoint
CREATE INDEX "email_outbox_urgent_due_idx" ON "email_outbox" USING btree ("next_attempt_at","id") WHERE "email_outbox"."status" = 'pending' and "email_outbox"."broadcast_id" is null and "email_outbox"."kind" not in ('welcome', 'season_winner');