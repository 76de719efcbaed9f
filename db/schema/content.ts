import { index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  lastUpdatedByAdminId: text("last_updated_by_admin_id").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const contentHistory = pgTable(
  "content_history",
  {
    id: serial("id").primaryKey(),
    contentKey: text("content_key").notNull(),
    contentValue: jsonb("content_value").notNull(),
    version: integer("version").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    changedByAdminId: text("changed_by_admin_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    unique("content_history_key_version").on(t.contentKey, t.version),
    index("content_history_key_idx").on(t.contentKey, t.version.desc()),
  ],
);
