import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    price: numeric("price", { precision: 12, scale: 2, mode: "number" }).notNull(),
    imageUrl: text("image_url"),
    purchaseLink: text("purchase_link"),
    createdByAdminId: text("created_by_admin_id").references(() => users.id, { onDelete: "set null" }),
    updatedByAdminId: text("updated_by_admin_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("products_name_present", sql`btrim(${t.name}) <> ''`),
    check("products_price_non_negative", sql`${t.price} >= 0`),
    index("products_created_at_idx").on(t.createdAt),
    index("products_updated_at_idx").on(t.updatedAt),
  ],
);
