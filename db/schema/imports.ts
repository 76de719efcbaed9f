import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../app/kernel/i18n/languages";
import { isSiteLanguage } from "./language-check";
import { users } from "./auth";

// CSV imports into the waitlist (Waitlist Emails screen). An upload is checked first (a
// dry run that stages every line with its outcome); the import then works through the
// staged lines in batches, from a worker that resumes after a restart.
export const memberImports = pgTable(
  "member_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: ["checked", "importing", "imported"] }).notNull().default("checked"),
    totalRows: integer("total_rows").notNull().default(0),
    newRows: integer("new_rows").notNull().default(0),
    existingRows: integer("existing_rows").notNull().default(0),
    invalidRows: integer("invalid_rows").notNull().default(0),
    disposableRows: integer("disposable_rows").notNull().default(0),
    /** Chosen when the import starts. */
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    sendWelcome: boolean("send_welcome").notNull().default(false),
    /** The last staged line the import has worked through. */
    doneThroughLine: integer("done_through_line").notNull().default(0),
    importedRows: integer("imported_rows").notNull().default(0),
    /** New at the check, but listed by the time the import reached them. */
    skippedRows: integer("skipped_rows").notNull().default(0),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedBy: text("started_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("member_imports_created_idx").on(t.createdAt)],
);

export const memberImportRows = pgTable(
  "member_import_rows",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => memberImports.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    /** As written in the file (bounded), for the report. */
    email: text("email").notNull(),
    identity: text("identity"),
    outcome: text("outcome", { enum: ["new", "existing", "invalid", "disposable"] }).notNull(),
    reason: text("reason"),
    referralCode: text("referral_code"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    notes: text("notes").notNull().default(""),
    isConfirmed: boolean("is_confirmed").notNull().default(false),
    isBlocked: boolean("is_blocked").notNull().default(false),
    /** The line's Language column (issue 31): the member's, when imported. */
    language: text("language", { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.line] }),
    index("member_import_rows_outcome_idx").on(t.importId, t.outcome, t.line),
    check("member_import_rows_language", isSiteLanguage(t.language)),
  ],
);
