CREATE TABLE "referral_code_aliases" (
	"code" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_users" ADD COLUMN "crew_name_roll" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "season_standings" ADD COLUMN "crew_name_roll" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_code_aliases" ADD CONSTRAINT "referral_code_aliases_member_id_waitlist_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."waitlist_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_code_aliases_member_idx" ON "referral_code_aliases" USING btree ("member_id");--> statement-breakpoint
ALTER TABLE "season_standings" DROP COLUMN "nickname";--> statement-breakpoint
-- ADR 0042: referral codes no longer carry any of the address. Every code handed out so far
-- stays valid as an alias of its member; each member gets a new random code of 12 base-36
-- characters from gen_random_uuid() (a strong random source; bytes 6 and 8 hold the UUID's
-- version and variant bits and are skipped), drawn again on the rare collision with any
-- current code or alias. Crew names need no data: every member starts at roll 0 (the column
-- default), which is also the roll frozen for standings already saved.
INSERT INTO "referral_code_aliases" ("code", "member_id") SELECT "referral_code", "id" FROM "waitlist_users";--> statement-breakpoint
DO $$
DECLARE
  v_member uuid;
  v_code text;
BEGIN
  FOR v_member IN SELECT "id" FROM "waitlist_users" ORDER BY "id" LOOP
    LOOP
      SELECT string_agg(substr('0123456789abcdefghijklmnopqrstuvwxyz', 1 + get_byte(g.b, i.n) % 36, 1), '' ORDER BY i.o) INTO v_code
        FROM (SELECT uuid_send(gen_random_uuid()) AS b) g,
             unnest(ARRAY[0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13]) WITH ORDINALITY AS i(n, o);
      EXIT WHEN NOT EXISTS (SELECT 1 FROM "waitlist_users" WHERE "referral_code" = v_code)
            AND NOT EXISTS (SELECT 1 FROM "referral_code_aliases" WHERE "code" = v_code);
    END LOOP;
    UPDATE "waitlist_users" SET "referral_code" = v_code WHERE "id" = v_member;
  END LOOP;
END $$;
