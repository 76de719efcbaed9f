CREATE TABLE "broadcast_translations" (
	"broadcast_id" bigint NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	CONSTRAINT "broadcast_translations_broadcast_id_language_pk" PRIMARY KEY("broadcast_id","language"),
	CONSTRAINT "broadcast_translations_language" CHECK ("broadcast_translations"."language" in ('en', 'es'))
);
--> statement-breakpoint
ALTER TABLE "broadcasts" DROP CONSTRAINT "broadcasts_spanish_whole";--> statement-breakpoint
ALTER TABLE "broadcast_translations" ADD CONSTRAINT "broadcast_translations_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each broadcast's Spanish version becomes its Spanish translation (ADR 0076).
INSERT INTO "broadcast_translations" ("broadcast_id", "language", "subject", "html")
SELECT "id", 'es', "subject_es", "html_es" FROM "broadcasts" WHERE "subject_es" IS NOT NULL AND "html_es" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" DROP COLUMN "subject_es";--> statement-breakpoint
ALTER TABLE "broadcasts" DROP COLUMN "html_es";