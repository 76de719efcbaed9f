ALTER TABLE "broadcasts" ADD COLUMN "subject_es" text;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "html_es" text;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_spanish_whole" CHECK (("broadcasts"."subject_es" is null) = ("broadcasts"."html_es" is null));