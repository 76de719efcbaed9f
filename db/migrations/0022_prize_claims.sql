CREATE TABLE "prize_claims" (
	"season" date NOT NULL,
	"member_id" uuid NOT NULL,
	"prize" text NOT NULL,
	"status" text DEFAULT 'unclaimed' NOT NULL,
	"address_ciphertext" text,
	"link_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"shipped_by" text,
	"address_deleted_at" timestamp with time zone,
	CONSTRAINT "prize_claims_season_member_id_pk" PRIMARY KEY("season","member_id"),
	CONSTRAINT "prize_claims_status" CHECK ("prize_claims"."status" in ('unclaimed', 'claimed', 'shipped')),
	CONSTRAINT "prize_claims_status_times" CHECK (("prize_claims"."status" = 'unclaimed' and "prize_claims"."claimed_at" is null and "prize_claims"."shipped_at" is null and "prize_claims"."address_ciphertext" is null)
       or ("prize_claims"."status" = 'claimed' and "prize_claims"."claimed_at" is not null and "prize_claims"."shipped_at" is null and "prize_claims"."address_ciphertext" is not null)
       or ("prize_claims"."status" = 'shipped' and "prize_claims"."claimed_at" is not null and "prize_claims"."shipped_at" is not null)),
	CONSTRAINT "prize_claims_address_encrypted" CHECK ("prize_claims"."address_ciphertext" is null or "prize_claims"."address_ciphertext" like 'v1.%')
);
--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_season_seasons_season_fk" FOREIGN KEY ("season") REFERENCES "public"."seasons"("season") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_member_id_waitlist_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."waitlist_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_shipped_by_users_id_fk" FOREIGN KEY ("shipped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prize_claims_member_idx" ON "prize_claims" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "prize_claims_shipped_at_idx" ON "prize_claims" USING btree ("shipped_at");