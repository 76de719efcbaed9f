-- A CSV line's Language column (issue 31): the member's language when the line is imported.
ALTER TABLE "member_import_rows" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_import_rows" ADD CONSTRAINT "member_import_rows_language" CHECK ("member_import_rows"."language" in ('en', 'es'));