import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

// Keys for the JSON API (/api/v1): shown once at creation, stored as a SHA-256 of the
// secret (they are 256 random bits, so a slow hash buys nothing), found by their prefix.
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The public part ("lc_9f2k4m1x"), shown in lists and logs. */
    prefix: text("prefix").notNull().unique(),
    secretHash: text("secret_hash").notNull(),
    scopes: text("scopes").array().notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** After this moment the key is refused as if revoked; null = never expires. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [index("api_keys_created_idx").on(t.createdAt)],
);
